import {
  checkEntryMeta,
  decodeCheckpoint,
  type CheckpointEntry,
  type CheckpointStatus,
  type CheckpointStore,
  type AnyCompiledGraph,
} from '@weft/graph';
import { jsonSafe } from '../events/json-safe.ts';
import type { GraphIdentity } from './head-summary.ts';
import { headSummary } from './head-summary.ts';
import { threadUsage, type ThreadUsage } from './thread-usage.ts';
import { threadVersion, type ThreadVersion } from './thread-version.ts';

/** One thread in the list: with what it spent up to its latest checkpoint (`usage`), its `budget` and what `remaining`. */
export interface ThreadRow extends ThreadUsage {
  threadId: string;
  status: CheckpointStatus;
  step: number;
  seq: number;
  checkpointId: string;
  updatedAt: number;
  /** A run of it is under way in this server. */
  running: boolean;
  /** The graph its latest checkpoint was written by; null when that checkpoint cannot be read. */
  graph: GraphIdentity | null;
  /** Written by another graph (another name): this server can show its rows but not run or read its state. */
  otherGraph: boolean;
  /** Whether the served graph can continue it (another version may have written it); null for another graph's thread or an unreadable head. */
  version: ThreadVersion | null;
}

/** Which threads the list holds: those of the served graph (and those whose head cannot be read), or every one. */
export type ThreadFilter = 'this' | 'all';

/**
 * The store's threads, most recently changed first, at most `limit`. Each
 * head checkpoint is decoded for the graph that wrote it: a store shared by
 * several modules holds threads this server cannot resume, and listing them
 * as its own made them open as empty idle pages. A thread an older (or
 * newer) version of the served graph wrote is its own, judged by
 * `checkThread()`: it may continue as it is, after a migration, or not.
 */
export async function threadRows(
  store: CheckpointStore,
  served: AnyCompiledGraph,
  options: { limit: number; filter: ThreadFilter },
  running: (threadId: string) => boolean,
): Promise<ThreadRow[]> {
  const threads = await store.threads();
  threads.sort((a, b) => b.updatedAt - a.updatedAt);
  const rows: ThreadRow[] = [];
  for (const t of threads) {
    if (rows.length >= options.limit) break;
    const head = await headSummary(store, t.threadId, t.headId);
    const graph = head?.graph ?? null;
    const otherGraph = graph !== null && graph.name !== served.name;
    if (otherGraph && options.filter === 'this') continue;
    const { threadId, status, step, seq, headId: checkpointId, updatedAt } = t;
    const version = await threadVersion(served, threadId, graph);
    const usage = head?.usage ?? { usage: null, budget: null, remaining: null };
    rows.push({ threadId, status, step, seq, checkpointId, updatedAt, running: running(threadId), graph, otherGraph, version, ...usage });
  }
  return rows;
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
    ...threadUsage(view.usage, view.budget),
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
  /** What the thread's branch spent up to this checkpoint, when something was counted. */
  usage?: NonNullable<ThreadUsage['usage']>;
  /** The thread's budget at this checkpoint, when it has one. */
  budget?: NonNullable<ThreadUsage['budget']>;
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
      ...(record.usage ? { usage: record.usage } : {}),
      ...(record.budget ? { budget: record.budget } : {}),
    };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const error = { code: typeof code === 'string' ? code : 'CHECKPOINT_CORRUPT', message: (err as Error).message };
    return { ...base, status: 'corrupt', source: '-', next: [], interrupts: [], error };
  }
}
