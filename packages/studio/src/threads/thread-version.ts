import type { AnyCompiledGraph, MigrationStatus } from '@weft/graph';
import type { GraphIdentity } from './head-summary.ts';

/**
 * Whether the served graph can continue a thread of its own name that it may
 * not have written: `current` (this version wrote it), `compatible` (another
 * version did, and this one continues it as it is), `needs-migration`
 * (registered migrations take it here) or `blocked` (this version cannot
 * continue it), with the reasons — `graph.checkThread()`'s verdict, as the
 * thread list and the thread view show it.
 */
export interface ThreadVersion {
  status: MigrationStatus;
  /** The version that wrote the thread's latest checkpoint: its structure hash, and its label when it had one. */
  from: { hash: string; version?: string };
  /** Why the served version cannot continue it as it is (empty for current and compatible). */
  reasons: string[];
  /** The migrations that would take it to the served version, in order. */
  migrations: string[];
}

/**
 * The served graph's verdict on a thread whose latest checkpoint `head`
 * wrote; null for another graph's thread (another name: no version of the
 * served graph runs it) or one whose head cannot be judged (damaged, or gone
 * since it was listed — the list and the history say so themselves). A
 * thread this very version wrote is `current` without reading it again.
 */
export async function threadVersion(graph: AnyCompiledGraph, threadId: string, head: GraphIdentity | null): Promise<ThreadVersion | null> {
  if (!head || head.name !== graph.name) return null;
  if (head.hash === graph.hash && head.version === graph.version)
    return { status: 'current', from: fromOf(head), reasons: [], migrations: [] };
  try {
    const { status, from, reasons, migrations } = await graph.checkThread(threadId);
    return { status, from, reasons, migrations };
  } catch {
    return null;
  }
}

const fromOf = ({ hash, version }: GraphIdentity): ThreadVersion['from'] => (version === undefined ? { hash } : { hash, version });
