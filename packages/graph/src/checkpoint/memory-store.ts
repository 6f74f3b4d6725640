import { WeftError } from '../errors.ts';
import type { CheckpointEntry, CheckpointStore, ListOptions, ThreadSummary } from './checkpoint-store.ts';

/**
 * A copy with its own bytes, so neither the caller nor the store can change the
 * other's data. Buffer.from copies (small payloads into Node's pooled slab,
 * which is much cheaper than one ArrayBuffer per entry); Buffer#slice would not copy.
 */
const copy = (e: CheckpointEntry): CheckpointEntry => ({
  threadId: e.threadId,
  id: e.id,
  parentId: e.parentId,
  seq: e.seq,
  step: e.step,
  status: e.status,
  createdAt: e.createdAt,
  bytes: Buffer.from(e.bytes),
});

interface Thread {
  entries: CheckpointEntry[];
  byId: Map<string, CheckpointEntry>;
}

/** An in-process `CheckpointStore`: fast, for tests, demos and short-lived runs. */
export class MemoryStore implements CheckpointStore {
  readonly #threads = new Map<string, Thread>();

  async put(entry: CheckpointEntry): Promise<void> {
    const thread: Thread = this.#threads.get(entry.threadId) ?? { entries: [], byId: new Map() };
    const current = thread.entries.length;
    if (entry.seq !== current + 1 || thread.byId.has(entry.id)) {
      throw new WeftError(
        'CONCURRENT_RESUME',
        `thread "${entry.threadId}" is at version ${current}, but this write expected ${entry.seq - 1}: another run continued the thread first; load its latest checkpoint and try again`,
        { details: { threadId: entry.threadId, expected: entry.seq - 1, actual: current } },
      );
    }
    const stored = copy(entry);
    thread.entries.push(stored);
    thread.byId.set(entry.id, stored);
    this.#threads.set(entry.threadId, thread);
  }

  async get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined> {
    const thread = this.#threads.get(threadId);
    const found = checkpointId === undefined ? thread?.entries[thread.entries.length - 1] : thread?.byId.get(checkpointId);
    return found && copy(found);
  }

  async list(threadId: string, options: ListOptions = {}): Promise<CheckpointEntry[]> {
    const entries = this.#threads.get(threadId)?.entries ?? [];
    // Clamped at 0: a negative end would make slice() count from the back.
    const end = Math.max(0, Math.min(entries.length, (options.beforeSeq ?? Infinity) - 1));
    const start = Math.max(0, end - (options.limit ?? Infinity));
    return entries.slice(start, end).reverse().map(copy);
  }

  async delete(threadId: string): Promise<void> {
    this.#threads.delete(threadId);
  }

  async threads(): Promise<ThreadSummary[]> {
    const out: ThreadSummary[] = [];
    for (const [threadId, { entries }] of this.#threads) {
      const head = entries[entries.length - 1];
      if (head) out.push({ threadId, seq: head.seq, headId: head.id, step: head.step, status: head.status, updatedAt: head.createdAt });
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt || a.threadId.localeCompare(b.threadId));
  }
}
