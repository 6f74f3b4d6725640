import type { Patch } from 'immer';
import type { GraphEvent } from './graph-event.ts';
import type { EventFold } from './run-stream.ts';

/** One node's part of a step: what it returned (the value its edges carry). */
export interface FinishedNode {
  node: string;
  /** The send key, for a task made by `send()`. */
  key: string | undefined;
  output: unknown;
}

/**
 * What one completed step changed: `run.updates()` yields one per step. The
 * state changes are the step's, not each node's: Weft applies the updates of
 * a step's nodes together at its barrier (appends rebased, reducers combined),
 * so `patches` is what the state went through, in the order it was applied;
 * applied to the state before the step, they give the state after it.
 */
export interface StepUpdate {
  step: number;
  /**
   * The step's nodes that finished in this run, in the step's node order
   * (tasks of one node by the order they finished). A node that finished
   * before an interrupt cut its step short is not here when a resume
   * completes the step (its `node.end` was the interrupted run's); its
   * state changes are in `patches`.
   */
  nodes: FinishedNode[];
  /** Immer patches against the state before the step; empty when the step changed nothing. */
  patches: Patch[];
}

/** The events `run.updates()` listens to: no `node.start` or chunk events are built for it. */
export const STEP_UPDATES_EVENTS: ReadonlySet<string> = new Set(['node.end', 'state.patch', 'step.end']);

/**
 * The fold behind `run.updates()`: collects the top-level `node.end` and
 * `state.patch` events of a step and emits them as one `StepUpdate` at its
 * `step.end`. A step that stops (interrupt or failure) has no `step.end`, so
 * it yields nothing: its changes were not applied.
 */
export function stepUpdates(): EventFold<GraphEvent, StepUpdate> {
  let step = -1;
  let finished: FinishedNode[] = [];
  let patches: Patch[] = [];
  return (event, emit) => {
    if (event.path.length > 0) return;
    if (event.step !== step) {
      // A new step (or the first one this subscriber sees): what an earlier, stopped step left is dropped.
      step = event.step;
      finished = [];
      patches = [];
    }
    if (event.type === 'node.end') finished.push({ node: event.node, key: event.key, output: event.output });
    else if (event.type === 'state.patch') patches = event.patches;
    else if (event.type === 'step.end') {
      emit({ step, nodes: inStepOrder(finished, event.nodes), patches });
      step = -1;
    }
  };
}

/** Node results in the step's order (`order` names each task's node), the way the barrier applies them. */
function inStepOrder(finished: FinishedNode[], order: readonly string[]): FinishedNode[] {
  if (finished.length < 2) return finished;
  const left = [...finished];
  const sorted: FinishedNode[] = [];
  for (const name of order) {
    const i = left.findIndex((r) => r.node === name);
    if (i >= 0) sorted.push(...left.splice(i, 1));
  }
  return sorted;
}
