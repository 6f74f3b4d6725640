import { Observable } from 'rxjs';
import type { EventHub } from './event-hub.ts';
import type { GraphEvent } from './graph-event.ts';
import type { RunResult } from './run-result.ts';

/**
 * A run in progress: an RxJS Observable of its events, an AsyncIterable of the
 * same events, and awaitable for its result. It starts on the next microtask,
 * so anything that subscribes or iterates in the same tick sees every event;
 * later subscribers see the events from then on.
 */
export class Run<Out = unknown, S = unknown>
  extends Observable<GraphEvent>
  implements AsyncIterable<GraphEvent>, PromiseLike<RunResult<Out, S>>
{
  readonly #hub: EventHub;
  readonly #result: Promise<RunResult<Out, S>>;

  constructor(hub: EventHub, result: Promise<RunResult<Out, S>>) {
    super((subscriber) => hub.subscribe(subscriber));
    this.#hub = hub;
    this.#result = result;
  }

  then<A = RunResult<Out, S>, B = never>(
    onFulfilled?: ((value: RunResult<Out, S>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#result.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<RunResult<Out, S> | B> {
    return this.#result.catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<RunResult<Out, S>> {
    return this.#result.finally(onFinally);
  }

  [Symbol.asyncIterator](): AsyncIterator<GraphEvent> {
    return this.#hub.iterate();
  }
}
