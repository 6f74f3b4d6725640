import { randomUUID } from 'node:crypto';
import { WeftError } from '@weft/common';
import { concurrentResume, headNotDeletable, type CheckpointErrorCode } from '../errors.ts';
import type { CheckpointEntry, CheckpointStore, ListOptions, ThreadSummary } from './checkpoint-store.ts';
import {
  checkClaim,
  checkLeaseTtl,
  checkStopRequest,
  leaseLost,
  threadBusy,
  type ClaimOptions,
  type StopRequestOptions,
  type ThreadLease,
} from './thread-lease.ts';
import { storedGraphOrder, checkGraphKey, checkStoredGraph, type StoredGraph } from './stored-graph.ts';

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

/** The graph's own fields only (not whatever else the caller's object carried), without `version` when it has none. */
const storedCopy = ({ name, hash, version, json, createdAt }: StoredGraph): StoredGraph =>
  version === undefined ? { name, hash, json, createdAt } : { name, hash, version, json, createdAt };

interface Thread {
  entries: CheckpointEntry[];
  byId: Map<string, CheckpointEntry>;
  /** Each blob once, by hash; and the hashes each checkpoint refers to (by id), for dropping blobs nothing refers to. */
  blobs: Map<string, Uint8Array>;
  refs: Map<string, readonly string[]>;
}

export interface MemoryStoreOptions {
  /** How long a thread's lease lasts unless renewed (default 15 s). */
  leaseTtlMs?: number;
}

/** An in-process `CheckpointStore`: fast, for tests, demos and short-lived runs. */
export class MemoryStore implements CheckpointStore {
  readonly #threads = new Map<string, Thread>();
  readonly #leases = new Map<string, ThreadLease>();
  /** Graph versions by name, then by hash; each as first written. */
  readonly #graphs = new Map<string, Map<string, StoredGraph>>();
  readonly #leaseTtlMs: number;

  constructor(options: MemoryStoreOptions = {}) {
    if (options === null || typeof options !== 'object')
      throw new WeftError<CheckpointErrorCode>('INVALID_ARGUMENT', 'new MemoryStore(): options must be an object');
    this.#leaseTtlMs = checkLeaseTtl(options.leaseTtlMs, 'new MemoryStore()');
  }

  async put(entry: CheckpointEntry): Promise<void> {
    this.putSync(entry);
  }

  putSync(entry: CheckpointEntry): void {
    const thread: Thread = this.#threads.get(entry.threadId) ?? { entries: [], byId: new Map(), blobs: new Map(), refs: new Map() };
    const current = thread.entries[thread.entries.length - 1]?.seq ?? 0;
    if (entry.seq !== current + 1 || thread.byId.has(entry.id)) {
      throw concurrentResume(entry.threadId, entry.seq, current);
    }
    const stored = copy(entry);
    thread.entries.push(stored);
    thread.byId.set(entry.id, stored);
    if (entry.blobs?.length) {
      for (const { hash, bytes } of entry.blobs) if (!thread.blobs.has(hash)) thread.blobs.set(hash, Buffer.from(bytes));
      thread.refs.set(
        entry.id,
        entry.blobs.map((b) => b.hash),
      );
    }
    this.#threads.set(entry.threadId, thread);
  }

  async getBlobs(threadId: string, hashes: readonly string[]): Promise<Map<string, Uint8Array>> {
    const blobs = this.#threads.get(threadId)?.blobs;
    const out = new Map<string, Uint8Array>();
    for (const hash of hashes) {
      const bytes = blobs?.get(hash);
      if (bytes) out.set(hash, Buffer.from(bytes));
    }
    return out;
  }

  async get(threadId: string, checkpointId?: string): Promise<CheckpointEntry | undefined> {
    const thread = this.#threads.get(threadId);
    const found = checkpointId === undefined ? thread?.entries[thread.entries.length - 1] : thread?.byId.get(checkpointId);
    return found && copy(found);
  }

  async chain(threadId: string, checkpointId: string, limit: number): Promise<CheckpointEntry[]> {
    const byId = this.#threads.get(threadId)?.byId;
    const out: CheckpointEntry[] = [];
    for (let e = byId?.get(checkpointId); e && out.length < limit; e = e.parentId === null ? undefined : byId?.get(e.parentId))
      out.push(copy(e));
    return out;
  }

  async list(threadId: string, options: ListOptions = {}): Promise<CheckpointEntry[]> {
    const entries = this.#threads.get(threadId)?.entries ?? [];
    // Entries are in seq order, possibly with gaps after pruning: find the first one at or past beforeSeq.
    const beforeSeq = options.beforeSeq ?? Infinity;
    let end = entries.length;
    while (end > 0 && (entries[end - 1] as CheckpointEntry).seq >= beforeSeq) end--;
    const start = Math.max(0, end - Math.max(0, options.limit ?? Infinity));
    return entries.slice(start, end).reverse().map(copy);
  }

  async deleteCheckpoints(threadId: string, ids: readonly string[]): Promise<number> {
    const thread = this.#threads.get(threadId);
    if (!thread) return 0;
    const head = thread.entries[thread.entries.length - 1];
    if (head && ids.includes(head.id)) throw headNotDeletable(threadId, head.id);
    const doomed = new Set(ids.filter((id) => thread.byId.has(id)));
    if (doomed.size === 0) return 0;
    thread.entries = thread.entries.filter((e) => !doomed.has(e.id));
    for (const id of doomed) {
      thread.byId.delete(id);
      thread.refs.delete(id);
    }
    const kept = new Set([...thread.refs.values()].flat());
    for (const hash of thread.blobs.keys()) if (!kept.has(hash)) thread.blobs.delete(hash);
    return doomed.size;
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

  async claimThread(threadId: string, options: ClaimOptions): Promise<ThreadLease> {
    checkClaim(threadId, options);
    const now = Date.now();
    const held = this.#leases.get(threadId);
    if (held && held.expiresAt > now && !options.takeOver) throw threadBusy(held);
    const ttlMs = options.ttlMs ?? this.#leaseTtlMs;
    const lease: ThreadLease = { threadId, holder: options.holder, token: randomUUID(), since: now, expiresAt: now + ttlMs, ttlMs };
    this.#leases.set(threadId, lease);
    return { ...lease };
  }

  async renewThread(lease: ThreadLease): Promise<ThreadLease> {
    const held = this.#leases.get(lease.threadId);
    if (held?.token !== lease.token) throw leaseLost(lease, held && held.expiresAt > Date.now() ? held : undefined);
    const renewed = { ...held, expiresAt: Date.now() + held.ttlMs };
    this.#leases.set(lease.threadId, renewed);
    return { ...renewed };
  }

  async releaseThread(lease: ThreadLease): Promise<void> {
    if (this.#leases.get(lease.threadId)?.token === lease.token) this.#leases.delete(lease.threadId);
  }

  async threadLease(threadId: string): Promise<ThreadLease | undefined> {
    const held = this.#leases.get(threadId);
    return held && held.expiresAt > Date.now() ? { ...held } : undefined;
  }

  async requestStop(threadId: string, request: StopRequestOptions): Promise<ThreadLease | undefined> {
    checkStopRequest(threadId, request, 'MemoryStore.requestStop()');
    const held = this.#leases.get(threadId);
    if (!held || held.expiresAt <= Date.now()) return undefined;
    held.stopRequested ??= { by: request.by, reason: request.reason, at: Date.now() };
    return { ...held, stopRequested: { ...held.stopRequested } };
  }

  async putGraph(graph: StoredGraph): Promise<void> {
    checkStoredGraph(graph, 'MemoryStore.putGraph()');
    const versions = this.#graphs.get(graph.name) ?? new Map<string, StoredGraph>();
    if (versions.has(graph.hash)) return; // the first write wins
    versions.set(graph.hash, storedCopy(graph));
    this.#graphs.set(graph.name, versions);
  }

  async getGraph(name: string, hash: string): Promise<StoredGraph | undefined> {
    checkGraphKey(name, 'name', 'MemoryStore.getGraph()');
    checkGraphKey(hash, 'hash', 'MemoryStore.getGraph()');
    const found = this.#graphs.get(name)?.get(hash);
    return found && storedCopy(found);
  }

  async graphs(name?: string): Promise<StoredGraph[]> {
    if (name !== undefined) checkGraphKey(name, 'name', 'MemoryStore.graphs()');
    const of = name === undefined ? [...this.#graphs.values()] : [this.#graphs.get(name) ?? new Map<string, StoredGraph>()];
    return of
      .flatMap((versions) => [...versions.values()])
      .sort(storedGraphOrder)
      .map(storedCopy);
  }
}
