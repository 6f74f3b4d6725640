// The class itself from its own module: the 'rxjs' entry loads every operator (about 100 ms at a process's first
// import on this machine, against 35 ms for this file and what it needs). It is the module 'rxjs' re-exports,
// so `instanceof Observable` and `pipe()` with any operator from 'rxjs' are unchanged.
import { Observable } from 'rxjs/internal/Observable';
import { filter } from 'rxjs/internal/operators/filter';
import type { Observer } from 'rxjs';
import { channelName, type Channel } from '../spec/channel.ts';
import type { ChannelMessage } from './channel-message.ts';
import { WeftError } from '../errors.ts';
import type { EventHub } from './event-hub.ts';
import { EventRun } from './event-run.ts';
import { GRAPH_EVENT_TYPES, type GraphEvent, type GraphEventType } from './graph-event.ts';
import type { RunResult } from './run-result.ts';
import { RunStream } from './run-stream.ts';
import { STATE_VALUES_EVENTS, stateValues } from './state-values.ts';
import { STEP_UPDATES_EVENTS, stepUpdates, type StepUpdate } from './step-updates.ts';

const KNOWN = new Set<string>(GRAPH_EVENT_TYPES);

/** A graph run: its events are `GraphEvent`s and it resolves to a `RunResult`. */
export class Run<Out = unknown, S = unknown> extends EventRun<GraphEvent, RunResult<Out, S>> {
  readonly #state: () => S;

  /** `state` reads the run's graph state as it is now (the scheduler's): `values()` reads it at run start and at each step's end. */
  constructor(hub: EventHub<GraphEvent>, result: Promise<RunResult<Out, S>>, state: () => S) {
    super(hub, result);
    this.#state = state;
  }

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

  /**
   * The messages published on `channel` (by nodes, `ctx.emit(channel, data)`,
   * and branch routes, `at.emit(channel, data)`), typed, each with where and
   * when it was published (`path`, `node`, `key`, `step`). Only custom events
   * are built for it; those of other channels are left out.
   *
   * @example
   * const progress = channel<{ done: number }>('my-app.progress');
   * compiled.run(input).channel(progress).subscribe(({ node, data }) => console.log(node, data.done));
   */
  channel<T>(channel: Channel<T>): RunStream<ChannelMessage<T>> {
    const name = channelName(channel, 'run.channel(channel)');
    const messages = this.only('node.custom').pipe(filter((e) => e.channel === name));
    // Sound: the filter lets through only what was published on this channel, whose data the channel types.
    return new RunStream<ChannelMessage<T>>((subscriber) => messages.subscribe(subscriber as Observer<unknown>));
  }

  /**
   * Stream mode `values` (LangGraph's `streamMode: 'values'`): the graph state
   * the run starts from, then the state after each completed step, each the
   * state that step's checkpoint holds. A fresh run starts from the graph's
   * initial state (or the thread's latest); a resume from the state of the
   * checkpoint it resumes (with a fork's `update` applied). A step that stops
   * at an interrupt or failure adds none. It completes when the run ends,
   * whatever its status. Only `run.start` and `step.end` events are built for it.
   *
   * @example
   * for await (const state of compiled.run(input).values()) console.log(state);
   */
  values(): RunStream<S> {
    return this.stream(STATE_VALUES_EVENTS, () => stateValues(this.#state));
  }

  /**
   * Stream mode `updates`: one `StepUpdate` per completed step, with what each
   * of its nodes returned and the immer patches the step applied to the state.
   * The patches of update i, applied to value i of `values()`, give value i + 1.
   * It completes when the run ends. Only `node.end`, `state.patch` and `step.end`
   * events are built for it.
   *
   * @example
   * run.updates().subscribe(({ step, nodes, patches }) => console.log(step, nodes.map((n) => n.node), patches));
   */
  updates(): RunStream<StepUpdate> {
    return this.stream(STEP_UPDATES_EVENTS, stepUpdates);
  }
}
