// The class itself from its own module: the 'rxjs' entry loads every operator (about 100 ms at a process's first
// import on this machine, against 35 ms for this file and what it needs). It is the module 'rxjs' re-exports,
// so `instanceof Observable` and `pipe()` with any operator from 'rxjs' are unchanged.
import { Observable } from 'rxjs/internal/Observable';
import type { Observer } from 'rxjs';
import { EventHub } from './event-hub.ts';
import { RunStream, type EventFold } from './run-stream.ts';

/**
 * A run in progress: an RxJS Observable of its events, an AsyncIterable of the
 * same events, and awaitable for its result. It starts on the next microtask,
 * so anything that subscribes or iterates in the same tick sees every event;
 * later subscribers see the events from then on. Node failures resolve with
 * an error status; misuse before the run starts rejects.
 *
 * Its events come from a hub the run emits into, or from an Observable
 * (`source`) made from another run's streams: that one is subscribed once,
 * at once, and fanned out to this run's subscribers and iterators as a hub's
 * events are; it should not emit before the next microtask.
 *
 * @example
 * // A run of another layer, made from a graph run's channel: each message's data is an event of its own.
 * const events = new RunStream<Note>((out) => graphRun.channel(notes).subscribe({ next: (m) => out.next(m.data), complete: () => out.complete() }));
 * const run = new EventRun(events, graphRun.then((r) => r.status));
 */
export class EventRun<E, R> extends Observable<E> implements AsyncIterable<E>, PromiseLike<R> {
  readonly #hub: EventHub<E>;
  readonly #result: Promise<R>;

  constructor(hub: EventHub<E>, result: Promise<R>);
  constructor(source: Observable<E>, result: Promise<R>);
  constructor(source: EventHub<E> | Observable<E>, result: Promise<R>) {
    const hub = source instanceof EventHub ? source : new EventHub<E>();
    super((subscriber) => hub.subscribe(subscriber));
    this.#hub = hub;
    this.#result = result;
    // A run nobody awaits must not crash the process on a rejection; subscribers still see it.
    result.catch(() => {});
    if (hub !== source)
      (source as Observable<E>).subscribe({
        next: (event) => hub.emit(event),
        error: (err: unknown) => hub.close(err),
        complete: () => hub.close(),
      });
  }

  then<A = R, B = never>(
    onFulfilled?: ((value: R) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#result.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<R | B> {
    return this.#result.catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<R> {
    return this.#result.finally(onFinally);
  }

  /** Subscribes to events of the given types only; the emitting side builds no others. */
  protected subscribeTo(types: ReadonlySet<string>, subscriber: Observer<E>): () => void {
    return this.#hub.subscribeTo(types, subscriber);
  }

  /**
   * A stream mode: each subscriber gets a fresh `fold()` fed the run's events
   * of `types` (every event when undefined); what it emits is the mode's
   * values. Only those types are built for it, as with `subscribeTo`.
   */
  protected stream<T>(types: ReadonlySet<string> | undefined, fold: () => EventFold<E, T>): RunStream<T> {
    return new RunStream<T>((subscriber) => {
      const step = fold();
      const emit = (value: T) => subscriber.next(value);
      const observer: Observer<E> = {
        next: (event) => step(event, emit),
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      };
      return types ? this.#hub.subscribeTo(types, observer) : this.#hub.subscribe(observer);
    });
  }

  [Symbol.asyncIterator](): AsyncIterator<E> {
    return this.#hub.iterate();
  }
}
