import type { Observer } from 'rxjs';
type Listener<E> = (event: E) => void;

/**
 * Fans a run's events out to subscribers and iterators (any event type: the
 * agent layer reuses it). With no listener,
 * `active` is false and the scheduler builds no events at all. Each async
 * iterator has its own unbounded queue: a slow consumer loses nothing.
 */
export class EventHub<E> {
  #listeners: Listener<E>[] = [];
  #closers: (() => void)[] = [];
  #closed = false;
  #failure: unknown;
  active = false;

  emit(event: E): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** Completes every subscriber; with `failure`, errors them instead (misuse before the run started). */
  close(failure?: unknown): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#failure = failure;
    const closers = this.#closers;
    this.#listeners = [];
    this.#closers = [];
    this.active = false;
    for (const close of closers) close();
  }

  /** An RxJS subscriber, or any observer with the three callbacks (the run log is one). */
  subscribe(subscriber: Observer<E>): () => void {
    return this.#add(
      (e) => subscriber.next(e),
      () => (this.#failure === undefined ? subscriber.complete() : subscriber.error(this.#failure)),
    );
  }

  iterate(): AsyncIterator<E> {
    const queue: E[] = [];
    let head = 0;
    let done = false;
    let wake: (() => void) | undefined;
    const remove = this.#add(
      (e) => {
        queue.push(e);
        wake?.();
      },
      () => {
        done = true;
        wake?.();
      },
    );
    const failure = () => this.#failure;
    return {
      async next(): Promise<IteratorResult<E>> {
        while (head === queue.length && !done) await new Promise<void>((r) => (wake = r));
        wake = undefined;
        if (head < queue.length) {
          const value = queue[head++]!;
          if (head > 1024 && head * 2 > queue.length) {
            // Drop consumed events so a long run does not hold them all.
            queue.splice(0, head);
            head = 0;
          }
          return { value, done: false };
        }
        if (failure() !== undefined) throw failure();
        return { value: undefined, done: true };
      },
      async return(): Promise<IteratorResult<E>> {
        done = true;
        remove();
        return { value: undefined, done: true };
      },
    };
  }

  #add(listener: Listener<E>, close: () => void): () => void {
    if (this.#closed) {
      close();
      return () => {};
    }
    this.#listeners = [...this.#listeners, listener];
    this.#closers = [...this.#closers, close];
    this.active = true;
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
      this.#closers = this.#closers.filter((c) => c !== close);
      this.active = this.#listeners.length > 0;
    };
  }
}
