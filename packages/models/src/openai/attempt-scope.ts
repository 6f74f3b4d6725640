/**
 * The signal of one HTTP attempt: it aborts when the caller's signal aborts or
 * when the attempt's timer runs out (then `timedOut` is set), and `dispose()`
 * aborts it too, so no connection, timer or listener outlives the attempt.
 * `restart()` re-arms the timer: streams use it as an idle timeout.
 */
export class AttemptScope {
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal;
  readonly #timeoutMs: number;
  readonly #onAbort: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;
  #disposed = false;

  constructor(caller: AbortSignal, timeoutMs: number) {
    this.#caller = caller;
    this.#timeoutMs = timeoutMs;
    this.#onAbort = () => this.#controller.abort(caller.reason);
    caller.addEventListener('abort', this.#onAbort, { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get timedOut(): boolean {
    return this.#timedOut;
  }

  restart(): void {
    if (this.#disposed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new Error(`timed out after ${this.#timeoutMs} ms`));
    }, this.#timeoutMs);
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    clearTimeout(this.#timer);
    this.#caller.removeEventListener('abort', this.#onAbort);
    this.#controller.abort(new Error('attempt finished'));
  }
}
