import type { WeftError } from '../errors.ts';
import type { InterruptRecord } from '../interrupt/interrupt-record.ts';

export type RunStatus = 'done' | 'interrupted' | 'error';

/** What awaiting a run gives. Node failures resolve here with status 'error'; misuse rejects. */
export interface RunResult<Out = unknown, S = unknown> {
  status: RunStatus;
  output: Out | undefined;
  state: S;
  interrupts: InterruptRecord[];
  /** The last checkpoint written (undefined without a store). */
  checkpointId: string | undefined;
  threadId: string | undefined;
  runId: string;
  steps: number;
  /** Why the run failed; a node's own error is its `cause`. */
  error: WeftError | undefined;
}
