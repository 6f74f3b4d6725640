import type { BudgetRecord, CheckpointEntry, CheckpointStore, UsageRecord } from '@weft/checkpoint';
import type { ChainPosition } from './checkpoint-writer.ts';

/** What a process remembers about a thread's head after a run of its own finished there. */
export interface HeadState {
  graph: string;
  hash: string;
  /** The head checkpoint's id and exact bytes, as written. */
  id: string;
  bytes: Uint8Array;
  state: unknown;
  position: ChainPosition;
  /** The behaviour patches the thread started with. */
  patched: readonly string[] | undefined;
  /** The head's usage and budget (see CheckpointRecord.usage). */
  usage?: UsageRecord | undefined;
  budget?: BudgetRecord | undefined;
}

/** Threads remembered per store; the least recently used is forgotten first. */
const MAX_THREADS = 64;
const heads = new WeakMap<CheckpointStore, Map<string, HeadState>>();

/**
 * Remembers the state at a thread's head after a run that ended there, so the
 * next run of the thread in this process (the next turn of a conversation)
 * does not decode the snapshot and replay the deltas it was just written from:
 * loading would otherwise cost O(state) on every turn.
 */
export function rememberHead(store: CheckpointStore, threadId: string, head: HeadState): void {
  let byThread = heads.get(store);
  if (!byThread) heads.set(store, (byThread = new Map()));
  byThread.delete(threadId);
  byThread.set(threadId, head);
  if (byThread.size > MAX_THREADS) byThread.delete(byThread.keys().next().value!);
}

/**
 * The remembered state when it is still the thread's head: same checkpoint id,
 * same graph structure, and the store still holds exactly the bytes that were
 * written (so a head changed or damaged by anyone else is loaded and checked
 * as usual). Anything else forgets the thread.
 */
export function recallHead(store: CheckpointStore, graph: { name: string; hash: string }, head: CheckpointEntry): HeadState | undefined {
  const byThread = heads.get(store);
  const known = byThread?.get(head.threadId);
  if (!byThread || !known) return undefined;
  const same =
    known.id === head.id &&
    known.graph === graph.name &&
    known.hash === graph.hash &&
    Buffer.from(head.bytes.buffer, head.bytes.byteOffset, head.bytes.byteLength).equals(known.bytes);
  if (!same) byThread.delete(head.threadId);
  return same ? known : undefined;
}
