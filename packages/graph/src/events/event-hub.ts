import type { Observer } from 'rxjs';
type Listener<E> = (event: E) => void;

/**
 * Fans a run's events out to subscribers and iterators (any event type: the
 * agent layer reuses it). With no listener,
 * `active` is false and the scheduler builds no events at all. A listener may
 * take only some event types (`subscribeTo`); then only those are built, which
 * is what `wants(type)` tells the emitting side. Each async iterator has its own
 * unbounded queue: a slow consumer loses nothing.
 */
export class EventHub<E> {
  #listeners: Listener<E>[] = [];
  #closers: (() => void)[] = [];
  #closed = false;
  #failure: unknown;
  /** How many type-filtered listeners want each type. */
  #wanted = new Map<string, number>();
  /** True while a listener takes every event. */
  active = false;
  #unfiltered = 0;

  /** Whether an event of this type has a listener: check before building it. */
  wants(type: string): boolean {
    return this.active || (this.#wanted.size > 0 && this.#wanted.has(type));
  }

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
    this.#unfiltered = 0;
    this.#wanted.clear();
    for (const close of closers) close();
  }

  /** An RxJS subscriber, or any observer with the three callbacks (the run log is one). */
  subscribe(subscriber: Observer<E>): () => void {
    return this.#add(
      (e) => subscriber.next(e),
      () => (this.#failure === undefined ? subscriber.complete() : subscriber.error(this.#failure)),
    );
  }

  /** Like `subscribe`, for events of the given types only (events carry their type in `type`). */
  subscribeTo(types: ReadonlySet<string>, subscriber: Observer<E>): () => void {
    return this.#add(
      (e) => {
        if (types.has((e as { type?: string }).type ?? '')) subscriber.next(e);
      },
      () => (this.#failure === undefined ? subscriber.complete() : subscriber.error(this.#failure)),
      types,
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

  #add(listener: Listener<E>, close: () => void, types?: ReadonlySet<string>): () => void {
    if (this.#closed) {
      close();
      return () => {};
    }
    this.#listeners = [...this.#listeners, listener];
    this.#closers = [...this.#closers, close];
    this.#count(types, 1);
    let removed = false;
    return () => {
      if (removed || this.#closed) return;
      removed = true;
      this.#listeners = this.#listeners.filter((l) => l !== listener);
      this.#closers = this.#closers.filter((c) => c !== close);
      this.#count(types, -1);
    };
  }

  #count(types: ReadonlySet<string> | undefined, by: 1 | -1): void {
    if (types === undefined) {
      this.#unfiltered += by;
      this.active = this.#unfiltered > 0;
      return;
    }
    for (const type of types) {
      const n = (this.#wanted.get(type) ?? 0) + by;
      if (n > 0) this.#wanted.set(type, n);
      else this.#wanted.delete(type);
    }
  }
}
