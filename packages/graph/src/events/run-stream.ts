// The class itself from its own module: the 'rxjs' entry loads every operator (see event-run.ts).
import { Observable } from 'rxjs/internal/Observable';
import { EventHub } from './event-hub.ts';

/**
 * Turns a run's events into a stream mode's values. One is made per
 * subscriber, so it may keep what it has seen so far (the step's node
 * outputs, say); `emit` passes a value on to that subscriber.
 */
export type EventFold<E, T> = (event: E, emit: (value: T) => void) => void;

/**
 * One view of a run (a stream mode such as `run.values()`): an RxJS
 * Observable and an AsyncIterable of the same values, like the run itself.
 * It follows the run's events: it completes when the run's events complete,
 * errors when they error (misuse before the run started), and a subscriber
 * that joins late sees the values from then on.
 *
 * @example
 * for await (const state of run.values()) console.log(state);
 * run.values().pipe(map((s) => s.count)).subscribe(console.log);
 */
export class RunStream<T> extends Observable<T> implements AsyncIterable<T> {
  /**
   * Each iterator subscribes at once (so one made in the run's first tick
   * sees every value) and buffers into its own EventHub queue, the one the
   * run's own iterators use: a slow consumer loses nothing. `break` (or
   * `return()`) unsubscribes; the run goes on.
   */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    const queue = new EventHub<T>();
    const iterator = queue.iterate();
    const subscription = this.subscribe({
      next: (value) => queue.emit(value),
      error: (err: unknown) => queue.close(err),
      complete: () => queue.close(),
    });
    return {
      next: () => iterator.next(),
      return: (): Promise<IteratorResult<T>> => {
        subscription.unsubscribe();
        return iterator.return ? iterator.return() : Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
