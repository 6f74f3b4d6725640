import type { Client } from '@a2a-js/sdk/client';

/**
 * How long a cancelled run gives the remote to name its task (when the
 * task's first event had not come yet) and then to take the cancel, before
 * the run ends anyway. A task is named in the first event of its stream,
 * a few milliseconds after the message is sent.
 */
const CANCEL_WAIT_MS = 2_000;

/**
 * Ties one exchange's requests to the caller's run: when the run is
 * cancelled, the remote task is cancelled too (it would otherwise go on for
 * nobody), then the requests end. A run may be cancelled before the first
 * event named the task (the remote starts at once, the event travels after
 * it): the cancel then waits for that name, at most CANCEL_WAIT_MS, while
 * the stream goes on being read. A remote that refuses the cancel (the
 * task already stopped) or does not answer changes nothing: the run ends
 * with its own abort either way.
 */
export class RemoteCancel {
  /** The signal the exchange's requests carry: aborted once the remote task was asked to cancel. */
  readonly signal: AbortSignal;
  /** Settles once the remote task was asked to cancel and the requests ended; `undefined` while the run goes on. */
  done: Promise<void> | undefined;
  readonly #requests = new AbortController();
  #named!: (taskId: string) => void;
  readonly #taskId = new Promise<string>((resolve) => (this.#named = resolve));

  constructor(
    private readonly client: Client,
    private readonly run: AbortSignal | undefined,
  ) {
    this.signal = this.#requests.signal;
    if (run?.aborted) this.done = this.#cancel();
    else run?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** The exchange is over: a later cancel of the run no longer concerns its task. */
  close(): void {
    this.run?.removeEventListener('abort', this.#onAbort);
  }

  readonly #onAbort = (): void => {
    this.done = this.#cancel();
  };

  /** The remote named its task (called on every event that carries the id). */
  named(taskId: string): void {
    if (taskId) this.#named(taskId);
  }

  /** Whether the caller's run was cancelled. */
  get cancelled(): boolean {
    return this.run?.aborted === true;
  }

  async #cancel(): Promise<void> {
    const waited = AbortSignal.timeout(CANCEL_WAIT_MS);
    const taskId = await Promise.race([this.#taskId, new Promise<undefined>((r) => waited.addEventListener('abort', () => r(undefined)))]);
    try {
      if (taskId)
        await this.client.cancelTask({ tenant: '', id: taskId, metadata: undefined }, { signal: AbortSignal.timeout(CANCEL_WAIT_MS) });
    } catch {
      // Best effort: the task may have stopped meanwhile (the remote then answers "not cancelable").
    }
    this.#requests.abort(this.run?.reason);
  }
}
