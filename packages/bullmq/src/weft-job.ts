import type { AgentEvent, AgentRunResult } from '@weft/agents';
import type { GraphEvent, RunResult } from '@weft/graph';
import { failedEntryError, readEntries, waitForEnd, type StreamSource } from './events-stream.ts';
import { resultFromJSON } from './result-json.ts';

/** Reading a job's events or result: `signal` stops the wait (the iteration or promise then rejects with its reason). */
export interface WeftJobReadOptions {
  signal?: AbortSignal;
}

/**
 * A job on a Weft queue, from any process: `queue.run()` and `queue.resume()`
 * return one, `queue.job(id)` makes one for an existing job. Its events are
 * a Redis Stream: `events()` replays them from the first and follows the
 * job live, and `result()` is what a local run resolves to.
 *
 * @example
 * const job = await queue.run('support', 'Where is my order?', { threadId: 'customer-7' });
 * for await (const e of job.events()) console.log(e.type);
 * const r = await job.result();
 * if (r.status === 'interrupted') await queue.resume('support', { threadId: job.threadId!, resume: { [r.interrupts[0].id]: 'yes' } });
 */
export class WeftJob<E = GraphEvent | AgentEvent, R = RunResult | AgentRunResult> {
  /** The BullMQ job id. */
  readonly id: string;
  /** The thread the job runs (undefined for a handle made by `queue.job(id)`). */
  readonly threadId: string | undefined;
  /** The Redis Stream holding the job's events. */
  readonly eventsKey: string;
  readonly #source: StreamSource;

  /** @internal made by WeftQueue */
  constructor(id: string, threadId: string | undefined, eventsKey: string, source: StreamSource) {
    this.id = id;
    this.threadId = threadId;
    this.eventsKey = eventsKey;
    this.#source = source;
  }

  /**
   * Every event of the job, from its first (also after the job ended, while
   * its stream is kept: `eventsTtlSeconds`), then live until it ends. A
   * redelivered job's events follow those of the attempt that stopped. Ends
   * after the run's end; rejects with the job's error when it failed without
   * a result (QUEUE_TARGET_UNKNOWN, THREAD_NOT_FOUND, …). Each iteration reads
   * on its own.
   */
  events(options: WeftJobReadOptions = {}): AsyncIterable<E> {
    const read = () => readEntries(this.#source, this.eventsKey, this.id, options.signal);
    return {
      async *[Symbol.asyncIterator]() {
        for await (const entry of read()) {
          if (entry.kind === 'e') yield JSON.parse(entry.text) as E;
          else if (entry.kind === 'failed') throw failedEntryError(entry);
        }
      },
    };
  }

  /**
   * The run's result, as the local run resolves to it (`RunResult`,
   * `AgentRunResult`; a failed run's `error` a WeftError again), waiting for
   * the job to end. Rejects where the local call rejects (a refused resume,
   * an input the schema refuses) and with QUEUE_* errors for the queue's own failures.
   */
  async result(options: WeftJobReadOptions = {}): Promise<R> {
    const end = await waitForEnd(this.#source, this.eventsKey, this.id, options.signal);
    if (end.kind === 'failed') throw failedEntryError(end);
    return resultFromJSON<R>(end.text);
  }

  /** The job's BullMQ state ('waiting', 'active', 'delayed', 'completed', 'failed', …), or 'unknown' once it is gone. */
  async state(): Promise<string> {
    return (await this.#source.jobState(this.id))?.state ?? 'unknown';
  }
}
