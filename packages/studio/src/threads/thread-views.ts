import {
  checkEntryMeta,
  decodeCheckpoint,
  type CheckpointEntry,
  type CheckpointStatus,
  type CheckpointStore,
  type AnyCompiledGraph,
} from '@weft/graph';
import { jsonSafe } from '../events/json-safe.ts';

/** One thread in the list. */
export interface ThreadRow {
  threadId: string;
  status: CheckpointStatus;
  step: number;
  seq: number;
  checkpointId: string;
  updatedAt: number;
  /** A run of it is under way in this server. */
  running: boolean;
}

/** The store's threads, most recently changed first. */
export async function threadRows(store: CheckpointStore, limit: number, running: (threadId: string) => boolean): Promise<ThreadRow[]> {
  const threads = await store.threads();
  threads.sort((a, b) => b.updatedAt - a.updatedAt);
  return threads.slice(0, limit).map((t) => ({
    threadId: t.threadId,
    status: t.status,
    step: t.step,
    seq: t.seq,
    checkpointId: t.headId,
    updatedAt: t.updatedAt,
    running: running(t.threadId),
  }));
}

/** A checkpoint with its state, as `GET /api/threads/:id/state` answers. */
export async function stateView(graph: AnyCompiledGraph, threadId: string, checkpointId: string | undefined) {
  const view = await graph.getState(threadId, checkpointId);
  return jsonSafe({
    threadId,
    checkpointId: view.id,
    parentId: view.parentId,
    seq: view.seq,
    step: view.step,
    status: view.status,
    source: view.source,
    createdAt: view.createdAt,
    next: [...new Set(view.frontier.map((t) => t.node))],
    frontier: view.frontier,
    interrupts: view.interrupts,
    state: view.state,
    output: view.output,
    error: view.error,
  });
}

/** One checkpoint of the history: what it is and what comes next, without its state (`/state?checkpointId=` has it). */
export interface HistoryRow {
  checkpointId: string;
  parentId: string | null;
  seq: number;
  step: number;
  status: string;
  source: string;
  createdAt: number;
  next: string[];
  interrupts: unknown[];
  /** Why the checkpoint cannot be read, when it cannot. */
  error?: { code: string; message: string };
}

/** A page of a thread's checkpoints, newest first, and the `before` of the next page (null on the last). */
export async function historyPage(store: CheckpointStore, threadId: string, limit: number, before: number | undefined) {
  const listed = await store.list(threadId, { limit: limit + 1, ...(before === undefined ? {} : { beforeSeq: before }) });
  const entries = listed.slice(0, limit);
  const oldest = entries.at(-1);
  return {
    threadId,
    checkpoints: entries.map(historyRow),
    more: listed.length > entries.length && oldest ? { before: oldest.seq } : null,
  };
}

function historyRow(entry: CheckpointEntry): HistoryRow {
  const base = { checkpointId: entry.id, parentId: entry.parentId, seq: entry.seq, step: entry.step, createdAt: entry.createdAt };
  try {
    const record = decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`);
    checkEntryMeta(entry, record, entry.threadId);
    return {
      ...base,
      status: entry.status,
      source: record.source,
      next: [...new Set(record.frontier.map((t) => t.node))],
      interrupts: jsonSafe(record.interrupts) as unknown[],
    };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const error = { code: typeof code === 'string' ? code : 'CHECKPOINT_CORRUPT', message: (err as Error).message };
    return { ...base, status: 'corrupt', source: '-', next: [], interrupts: [], error };
  }
}
