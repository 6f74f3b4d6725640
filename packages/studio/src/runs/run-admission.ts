import { StudioError } from '../errors.ts';

/** What a refused request is told to wait, in seconds (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 1;

/** Gives a slot back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  admit(release: Release): void;
  refuse(err: StudioError): void;
  leave(): void;
}

/**
 * How many runs the studio has under way at once: at most `maxRuns`, and at
 * most `maxQueued` requests waiting for one of them to end, first come first
 * served; any request past those is refused at once with TOO_MANY_RUNS (429
 * with Retry-After) instead of piling up.
 *
 * Why: without a bound, 200 clients at once each started a run, the runs
 * shared the event loop, and 156 of 1,000 requests lost their keep-alive
 * connection (ECONNRESET) instead of getting any answer. A refusal costs
 * nothing and says when to come back.
 */
export class RunAdmission {
  readonly maxRuns: number;
  readonly maxQueued: number;
  #running = 0;
  readonly #waiting: Waiter[] = [];
  #closed = false;

  constructor(maxRuns: number, maxQueued: number) {
    this.maxRuns = maxRuns;
    this.maxQueued = maxQueued;
  }

  /** Runs under way and requests waiting, now. */
  get counts(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * A slot for one run: at once when fewer than maxRuns hold one, else once a
   * run ends (when fewer than maxQueued wait already). A request whose
   * `signal` aborts while it waits leaves the queue. Rejects with
   * TOO_MANY_RUNS, or STUDIO_CLOSING once `close()` was called.
   */
  enter(signal?: AbortSignal): Promise<Release> {
    if (this.#closed) return Promise.reject(closing());
    if (this.#running < this.maxRuns) {
      this.#running++;
      return Promise.resolve(this.#slot());
    }
    if (this.#waiting.length >= this.maxQueued) return Promise.reject(this.#tooMany());
    return new Promise<Release>((resolve, reject) => {
      const onAbort = () => {
        waiter.leave();
        reject(new StudioError('BAD_REQUEST', 'the request was aborted while it waited for a run to end'));
      };
      const waiter: Waiter = {
        admit: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        refuse: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
        leave: () => {
          const at = this.#waiting.indexOf(waiter);
          if (at >= 0) this.#waiting.splice(at, 1);
        },
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** Starts no more runs: the waiting requests and every later one get STUDIO_CLOSING. */
  close(): void {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter.refuse(closing());
  }

  /** A held slot's release: hands the slot to the first waiter, or frees it. */
  #slot(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next.admit(this.#slot());
      else this.#running--;
    };
  }

  #tooMany(): StudioError {
    return new StudioError(
      'TOO_MANY_RUNS',
      `${this.maxRuns} runs are under way${this.maxQueued > 0 ? ` and ${this.maxQueued} requests wait for them` : ''}: try again in ${RETRY_AFTER_SECONDS} s (the limits are maxRuns and maxQueuedRuns)`,
      { details: { maxRuns: this.maxRuns, maxQueuedRuns: this.maxQueued, retryAfter: RETRY_AFTER_SECONDS } },
    );
  }
}

function closing(): StudioError {
  return new StudioError('STUDIO_CLOSING', 'the studio is closing and starts no more runs: try again once it is back', {
    details: { retryAfter: RETRY_AFTER_SECONDS },
  });
}
