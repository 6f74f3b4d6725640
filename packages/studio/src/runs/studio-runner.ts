import type { RunEndData } from '../events/studio-event.ts';
import type { RunRequest } from './run-request.ts';

/** A run the studio started: its ids, and its end (which never rejects: a failure is an `error` end). */
export interface StartedRun {
  threadId: string;
  runId: string;
  ended: Promise<RunEndData>;
}

/**
 * Where the studio's runs happen: in this process (LocalRunner) or on
 * @weft/bullmq workers (QueueRunner). `start` resolves once the run has
 * started (its `run` event is on the thread's channel) and rejects, with the
 * library's typed error, when it could not start: the thread is busy
 * (THREAD_BUSY), unknown (THREAD_NOT_FOUND), the input was refused.
 */
export interface StudioRunner {
  start(request: RunRequest): Promise<StartedRun>;
  close(): Promise<void>;
}
