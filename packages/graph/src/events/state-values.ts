import type { GraphEvent } from './graph-event.ts';
import type { EventFold } from './run-stream.ts';

/** The events `run.values()` listens to: no node events are built for it. */
export const STATE_VALUES_EVENTS: ReadonlySet<string> = new Set(['run.start', 'step.end']);

/**
 * The fold behind `run.values()`: the graph state the run starts from (at
 * the top-level `run.start`), then the state after each completed step (at
 * its `step.end`, once the barrier applied the step's updates and its
 * checkpoint was written). `read` gives the run's state as it is now (the
 * scheduler's own frozen value, not a copy), which at those two points is
 * exactly what that step's checkpoint holds. Reading it beats replaying
 * `state.patch` onto a copy: nothing is rebuilt, and no `state.patch`
 * events are built either. Subgraphs' events (a non-empty `path`) are
 * skipped: their state is not the graph's.
 */
export function stateValues<S>(read: () => S): EventFold<GraphEvent, S> {
  return (event, emit) => {
    if (event.path.length === 0) emit(read());
  };
}
