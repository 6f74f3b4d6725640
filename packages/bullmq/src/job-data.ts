import type { Multitask } from '@weft/graph';
import { QueueError } from './errors.ts';

/** A job that starts a run of a target on a thread: `compiled.run(input)`, or `runner.run(messages)` / `runner.query(text)`. */
export interface WeftRunJobData {
  kind: 'run';
  target: string;
  /** Picked at enqueue time (random when not given), so a redelivered job runs the same thread. */
  threadId: string;
  input?: unknown;
  /** Agents only: session values set before the run. */
  sessionValues?: Record<string, unknown>;
  /**
   * Set on a job sent to the queue of its thread's version (the main queue's
   * job it runs for): it publishes to that job's events, and its checkpoints
   * name that job, so readers and the sweeper see one job.
   */
  forJob?: string;
  /** What the job does when its thread is being run (see WeftRunOptions.multitask); jobs of older queues have none ('enqueue'). */
  multitask?: Multitask;
  /** The job's place in its thread's line (see thread-line.ts); jobs of older queues have none and wait for the lease only. */
  place?: number;
  /** Set once an 'interrupt' or 'rollback' job asked the thread's run to stop: a 'rollback' then starts where that run started. */
  stopped?: true;
}

/** A job that continues a thread: answers its interrupts, or continues it after an error (no values). */
export interface WeftResumeJobData {
  kind: 'resume';
  target: string;
  threadId: string;
  /** Default: the thread's latest checkpoint. */
  checkpointId?: string;
  /** Values for pending interrupts, by interrupt id. */
  resume?: Record<string, unknown>;
  /** Agents only: session values set before continuing. */
  sessionValues?: Record<string, unknown>;
  /** See WeftRunJobData.forJob. */
  forJob?: string;
}

/** The strategies a run job takes, as `compiled.run()` does. */
export const MULTITASKS: readonly Multitask[] = ['reject', 'enqueue', 'interrupt', 'rollback'];

/** What a Weft job carries in BullMQ (plain JSON): one discriminated union by `kind`. */
export type WeftJobData = WeftRunJobData | WeftResumeJobData;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The job's data checked: a worker refuses what no WeftQueue wrote (QUEUE_JOB_DATA_INVALID) instead of guessing. */
export function parseJobData(data: unknown, jobId: string | undefined): WeftJobData {
  const bad = (why: string) =>
    new QueueError('QUEUE_JOB_DATA_INVALID', `job ${jobId ?? '(no id)'} carries no Weft job data: ${why}`, { details: { jobId } });
  if (!isRecord(data)) throw bad('its data is not an object');
  if (data['kind'] !== 'run' && data['kind'] !== 'resume') throw bad(`kind must be 'run' or 'resume', got ${JSON.stringify(data['kind'])}`);
  if (typeof data['target'] !== 'string' || !data['target']) throw bad('target must be a non-empty string');
  if (typeof data['threadId'] !== 'string' || !data['threadId']) throw bad('threadId must be a non-empty string');
  if (data['sessionValues'] !== undefined && !isRecord(data['sessionValues'])) throw bad('sessionValues must be an object');
  if (data['forJob'] !== undefined && (typeof data['forJob'] !== 'string' || !data['forJob'])) throw bad('forJob must be a job id');
  if (data['multitask'] !== undefined && !MULTITASKS.includes(data['multitask'] as Multitask))
    throw bad(`multitask must be one of ${MULTITASKS.join(', ')}`);
  if (data['place'] !== undefined && !Number.isSafeInteger(data['place'])) throw bad('place must be an integer');
  if (data['stopped'] !== undefined && data['stopped'] !== true) throw bad('stopped must be true');
  if (data['kind'] === 'resume') {
    if (data['checkpointId'] !== undefined && typeof data['checkpointId'] !== 'string') throw bad('checkpointId must be a string');
    if (data['resume'] !== undefined && !isRecord(data['resume'])) throw bad('resume must be an object of values by interrupt id');
  }
  return data as unknown as WeftJobData;
}
