import type { AnyCompiledGraph, CheckpointStatus, CheckpointStore, MigrationStatus } from '@weft/graph';
import { decodeEntry } from '../decode-entry.ts';

/** A graph version as `weft migrate` names it: its structure hash and its label, when it has one. */
export interface VersionName {
  hash: string;
  version?: string;
}

/** One thread of a plan: where it stands, and what this graph can do with it. */
export interface PlannedThread {
  threadId: string;
  /** The status of its latest checkpoint (`corrupt` when it cannot be read). */
  status: CheckpointStatus | 'corrupt';
  /** The version that wrote its latest checkpoint (undefined when it cannot be read). */
  from: VersionName | undefined;
  /** What the graph says (`checkThread`), or `unreadable` when the thread could not be judged. */
  check: MigrationStatus | 'unreadable';
  /** The migrations that would apply, in order. */
  migrations: string[];
  /** Why it cannot continue as it is. */
  reasons: string[];
  /** Why it could not be judged. */
  error: { code: string; message: string } | null;
}

/** The threads of a store a graph could continue, judged against it. */
export interface MigrationPlan {
  graph: { name: string } & VersionName;
  threads: PlannedThread[];
  /** Threads whose latest checkpoint another graph (by name) wrote: not this graph's to migrate. */
  skipped: number;
  /** How many threads have each check, and how many still wait on each older version (by versionText). */
  summary: { checks: Record<string, number>; olderVersions: Record<string, number> };
}

/** The short name of a version: its label, else the first 8 characters of its hash. */
export const versionText = (v: VersionName | undefined): string => (v === undefined ? '-' : (v.version ?? v.hash.slice(0, 8)));

/**
 * Judges the threads of `store` whose latest checkpoint names this graph
 * (by name: every version of it), or the threads given, against the graph:
 * current, compatible, needs-migration (with the migrations) or blocked
 * (with the reasons). Done threads are judged too: an agent system's thread
 * continues with its next query. Reads only: nothing is claimed or written.
 * A thread whose latest checkpoint cannot be read is listed as corrupt (its
 * graph unknown), one whose older checkpoints cannot be as unreadable. A
 * thread deleted meanwhile is left out.
 */
export async function planThreads(graph: AnyCompiledGraph, store: CheckpointStore, only?: readonly string[]): Promise<MigrationPlan> {
  // By thread id (code point order), so a plan reads the same however the store orders threads updated in the same ms.
  const ids = only ?? (await store.threads()).map((t) => t.threadId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const threads: PlannedThread[] = [];
  let skipped = 0;
  for (const threadId of ids) {
    const planned = await planThread(graph, store, threadId);
    if (planned) threads.push(planned);
    else skipped++;
  }
  return { graph: { name: graph.name, ...named(graph.hash, graph.version) }, threads, skipped, summary: summarize(threads) };
}

function summarize(threads: readonly PlannedThread[]): MigrationPlan['summary'] {
  const checks: Record<string, number> = {};
  const olderVersions: Record<string, number> = {};
  for (const t of threads) {
    checks[t.check] = (checks[t.check] ?? 0) + 1;
    if (t.from && t.check !== 'current') olderVersions[versionText(t.from)] = (olderVersions[versionText(t.from)] ?? 0) + 1;
  }
  return { checks, olderVersions };
}

const named = (hash: string, version: string | undefined): VersionName => (version === undefined ? { hash } : { hash, version });

const failure = (err: unknown) => ({
  code: typeof (err as { code?: unknown } | null)?.code === 'string' ? (err as { code: string }).code : 'ERROR',
  message: err instanceof Error ? err.message : String(err),
});

async function planThread(graph: AnyCompiledGraph, store: CheckpointStore, threadId: string): Promise<PlannedThread | undefined> {
  const unreadable = { check: 'unreadable' as const, migrations: [], reasons: [] };
  let head;
  try {
    head = await store.get(threadId);
  } catch (err) {
    return { threadId, status: 'corrupt', from: undefined, ...unreadable, error: failure(err) };
  }
  if (!head) return undefined; // deleted since the listing
  const decoded = decodeEntry(head);
  if ('failure' in decoded) return { threadId, status: 'corrupt', from: undefined, ...unreadable, error: failure(decoded.failure.error) };
  const { record } = decoded;
  if (record.graph !== graph.name) return undefined;
  const from = named(record.hash, record.version);
  try {
    const check = await graph.checkThread(threadId);
    return {
      threadId,
      status: record.status,
      from: check.from,
      check: check.status,
      migrations: check.migrations,
      reasons: check.reasons,
      error: null,
    };
  } catch (err) {
    return { threadId, status: record.status, from, ...unreadable, error: failure(err) };
  }
}
