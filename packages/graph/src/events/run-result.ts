import type { WeftError } from '../errors.ts';
import type { InterruptRecord } from '@weft/checkpoint';
import type { Usage } from '../spec/budget.ts';

export type RunStatus = 'done' | 'interrupted' | 'error';

/** What every run result has, whatever its status. */
interface RunBase<S> {
  state: S;
  /** The last checkpoint written (undefined without a store). */
  checkpointId: string | undefined;
  threadId: string | undefined;
  runId: string;
  steps: number;
  /**
   * What the thread's branch has spent, this run included (tokens, cost,
   * model and tool calls, running time): the count the last checkpoint keeps,
   * plus what was spent since. All zero when nothing was counted.
   */
  usage: Usage;
}

/** A run that reached END: `output` is what END received (validated by the graph's output schema, if any). */
export interface RunDone<Out = unknown, S = unknown> extends RunBase<S> {
  status: 'done';
  output: Out;
  interrupts: [];
  error: undefined;
}

/** A run that stopped at one or more interrupts; resume the thread with a value for each. */
export interface RunInterrupted<S = unknown> extends RunBase<S> {
  status: 'interrupted';
  output: undefined;
  interrupts: [InterruptRecord, ...InterruptRecord[]];
  error: undefined;
}

/** A run that failed; a node's own error is the `error`'s `cause`. */
export interface RunFailed<S = unknown> extends RunBase<S> {
  status: 'error';
  output: undefined;
  interrupts: [];
  /** Why the run failed; a node's own error is its `cause`. */
  error: WeftError;
}

/**
 * What awaiting a run gives, one variant per `status`: narrow on it to read
 * `output` (done), `interrupts` (interrupted, never empty) or `error`. The
 * other variants' fields are there, typed as absent, so reading them without
 * narrowing still compiles. Node failures resolve here with status 'error';
 * misuse (a bad option, an input the input schema refuses) rejects.
 *
 * @example
 * const res = await compiled.run('hello');
 * if (res.status === 'done') console.log(res.output);
 * else if (res.status === 'interrupted') console.log(res.interrupts[0].id);
 * else console.error(res.error.code);
 */
export type RunResult<Out = unknown, S = unknown> = RunDone<Out, S> | RunInterrupted<S> | RunFailed<S>;
