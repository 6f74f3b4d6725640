// The class itself from its own module: the 'rxjs' entry loads every operator (about 100 ms at a process's first
// import on this machine, against 35 ms for this file and what it needs). It is the module 'rxjs' re-exports,
// so `instanceof Observable` and `pipe()` with any operator from 'rxjs' are unchanged.
import { Observable } from 'rxjs/internal/Observable';
import type { Observer } from 'rxjs';
import { WeftError } from '../errors.ts';
import { EventRun } from './event-run.ts';
import { GRAPH_EVENT_TYPES, type GraphEvent, type GraphEventType } from './graph-event.ts';
import type { RunResult } from './run-result.ts';

const KNOWN = new Set<string>(GRAPH_EVENT_TYPES);

/** A graph run: its events are `GraphEvent`s and it resolves to a `RunResult`. */
export class Run<Out = unknown, S = unknown> extends EventRun<GraphEvent, RunResult<Out, S>> {
  /**
   * The run's events of these types only. Events of other types are then not
   * even built (unless another subscriber takes everything), so a listener
   * that needs one kind of event does not slow every step down.
   *
   * @example
   * run.only('node.custom').subscribe((e) => console.log(e.node, e.data));
   */
  only<T extends GraphEventType>(...types: T[]): Observable<Extract<GraphEvent, { type: T }>> {
    const unknown = types.filter((t) => !KNOWN.has(t));
    if (types.length === 0 || unknown.length > 0) {
      throw new WeftError(
        'INVALID_ARGUMENT',
        `run.only() takes one or more event types${unknown.length ? `; unknown: ${unknown.map(String).join(', ')}` : ''} (known: ${GRAPH_EVENT_TYPES.join(', ')})`,
        { details: { types } },
      );
    }
    const wanted = new Set<string>(types);
    // Sound: the hub passes this subscriber only events whose type is in `wanted`.
    return new Observable((subscriber) => this.subscribeTo(wanted, subscriber as unknown as Observer<GraphEvent>));
  }
}
