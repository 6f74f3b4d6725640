import type { InterruptRecord } from '@weft/checkpoint';
import { WeftError, isWeftError } from '../errors.ts';
import type { Cursor } from './cursor.ts';
import { taskId } from './run-scope.ts';
import type { TaskOutcome } from './run-task.ts';

export interface Stop {
  interrupts: InterruptRecord[];
  error: WeftError | undefined;
  node: string | undefined;
  /** The first resume value an interrupt's schema refused (that task waits at its interrupt again). */
  refused: WeftError | undefined;
}

/**
 * When a step cannot complete (an interrupt or an error), folds its outcomes
 * into the cursor: finished nodes become pending results that will not run
 * again, interrupted ones keep their resume values and subgraph checkpoints.
 * Returns undefined when every node finished.
 */
export function collectStop(cursor: Cursor, outcomes: readonly TaskOutcome[]): Stop | undefined {
  let complete = true;
  for (const o of outcomes) if (o.kind !== 'done') complete = false;
  if (complete) return undefined;
  const stop: Stop = { interrupts: [], error: undefined, node: undefined, refused: undefined };
  cursor.frontier = cursor.frontier.map((task, i) => {
    const o = outcomes[i]!;
    if (o.kind === 'done') {
      cursor.pending.set(taskId(task), { node: task.node.name, key: task.key, output: o.output, patches: o.patches });
      // A task resumed from an interrupt that has now finished is no longer waiting on it.
      return task.interrupts ? { ...task, resume: undefined, sub: undefined, interrupts: undefined } : task;
    }
    if (o.kind === 'error') {
      if (!stop.error) {
        stop.error = asWeftError(o.error);
        stop.node = task.node.name;
      }
      // Answers it already used stay with it: re-running the node after the failure must not ask again.
      return { ...task, resume: o.resume?.length ? o.resume : undefined, interrupts: undefined };
    }
    for (const i of o.interrupts) stop.interrupts.push(i);
    if (o.refused && !stop.refused) stop.refused = o.refused;
    return { ...task, resume: o.resume, sub: o.sub, interrupts: o.interrupts };
  });
  return stop;
}

/** Every failure of a run surfaces as a WeftError; foreign errors become its cause. */
export function asWeftError(err: unknown): WeftError {
  if (isWeftError(err)) return err;
  return new WeftError('RUN_FAILED', `the run failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}
