import type { CheckpointEntry } from '@weft/graph';
import { decodeEntry } from './decode-entry.ts';
import type { OpenedStore } from './open-store.ts';
import type { ThreadUsage } from './thread-usage.ts';

/** One checkpoint as `weft history` shows it. */
export interface HistoryRow {
  seq: number;
  step: number;
  /** The stored status, or `corrupt` when the checkpoint cannot be decoded. */
  status: string;
  source: string;
  /** The nodes of the next step (for an interrupted checkpoint: the interrupted ones). */
  next: string[];
  interrupts: string[];
  createdAt: number;
  id: string;
  parentId: string | null;
  /** The parent's seq: one less along a straight run; anything else is a fork, a resume of an older checkpoint. */
  parentSeq: number | null;
  /** Why the checkpoint cannot be read (CHECKPOINT_CORRUPT, CHECKPOINT_VERSION), when it cannot. */
  error?: { code: string; message: string };
  /** What the thread's branch spent up to this checkpoint, when something was counted. */
  usage?: NonNullable<ThreadUsage['usage']>;
  /** The thread's budget at this checkpoint, when it has one. */
  budget?: NonNullable<ThreadUsage['budget']>;
}

/** Which checkpoints to list: at most `limit` (all when undefined), older than `before` (a seq) when given. */
export interface PageRequest {
  limit: number | undefined;
  before: number | undefined;
}

export interface HistoryPage {
  rows: HistoryRow[];
  /** The entries the rows come from (for the damaged-row hint). */
  entries: CheckpointEntry[];
  /** There are older checkpoints than the page holds: `--before <seq>` lists them. */
  more: { before: number } | null;
}

/**
 * One page of a thread's checkpoints, newest first. One entry more than the
 * page is asked for, so the page knows whether older ones exist without
 * counting them (a thread can hold thousands). Parents outside the page are
 * looked up one by one to give their seq.
 */
export async function historyPage(opened: OpenedStore, threadId: string, page: PageRequest): Promise<HistoryPage> {
  const listed = await opened.store.list(threadId, {
    ...(page.limit === undefined ? {} : { limit: page.limit + 1 }),
    ...(page.before === undefined ? {} : { beforeSeq: page.before }),
  });
  const entries = page.limit === undefined ? listed : listed.slice(0, page.limit);
  const seqs = new Map(listed.map((e) => [e.id, e.seq]));
  const rows: HistoryRow[] = [];
  for (const entry of entries) rows.push(historyRow(entry, await parentSeq(opened, entry, seqs)));
  const oldest = entries.at(-1);
  return { rows, entries, more: listed.length > entries.length && oldest ? { before: oldest.seq } : null };
}

async function parentSeq(opened: OpenedStore, entry: CheckpointEntry, seqs: Map<string, number>): Promise<number | null> {
  if (entry.parentId === null) return null;
  const known = seqs.get(entry.parentId);
  if (known !== undefined) return known;
  try {
    const parent = await opened.store.get(entry.threadId, entry.parentId);
    return parent?.seq ?? null;
  } catch {
    return null; // a damaged parent row: its own listing says so
  }
}

function historyRow(entry: CheckpointEntry, parentSeq: number | null): HistoryRow {
  const base = { seq: entry.seq, step: entry.step, createdAt: entry.createdAt, id: entry.id, parentId: entry.parentId, parentSeq };
  const decoded = decodeEntry(entry);
  if ('failure' in decoded) {
    const { code, message } = decoded.failure;
    return { ...base, status: 'corrupt', source: '-', next: [], interrupts: [], error: { code, message } };
  }
  const { record } = decoded;
  return {
    ...base,
    status: entry.status,
    source: record.source,
    next: [...new Set(record.frontier.map((t) => t.node))],
    interrupts: record.interrupts.map((i) => i.id),
    ...(record.usage ? { usage: record.usage } : {}),
    ...(record.budget ? { budget: record.budget } : {}),
  };
}
