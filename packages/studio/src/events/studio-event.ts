import type { InterruptRecord } from '@weft/graph';

/**
 * The kinds of event a thread's stream carries, in the order a run sends
 * them: `run` first, `end` last; `call` for each model or tool call's start
 * and end (CallEventData).
 */
export type StudioEventKind = 'run' | 'graph' | 'agent' | 'call' | 'end';

/**
 * One event of a thread's stream, as the SSE endpoints send it: `id` is
 * `<runId>.<n>` (n from 0, the run's `run` event), so a client that
 * reconnects with `Last-Event-ID` gets what came after it.
 */
export interface StudioEvent {
  id: string;
  event: StudioEventKind;
  data: unknown;
}

/** What a run's `run` event says: which run, of which thread, started how. */
export interface RunStartData {
  runId: string;
  threadId: string;
  mode: 'run' | 'resume' | 'fork';
  startedAt: number;
  /** The answers a resume (or fork) gives the thread's interrupts, by interrupt id: what a page shows as each one's answer. */
  resume?: Record<string, unknown>;
}

/** What a run's `end` event says (also the answer of a waited-for run). */
export interface RunEndData {
  runId: string;
  threadId: string;
  status: 'done' | 'interrupted' | 'error';
  /** The last checkpoint the run wrote. */
  checkpointId: string | undefined;
  output?: unknown;
  interrupts?: InterruptRecord[];
  error?: { code: string; message: string; details?: unknown };
}
