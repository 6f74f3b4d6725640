import type { AnyCompiledGraph, MigrationCheck } from '@weft/graph';
import type { PlannedThread, VersionName } from './plan-threads.ts';

/** What `weft migrate apply` did to one thread. */
export interface AppliedThread {
  threadId: string;
  /** migrated (a new checkpoint), would-migrate (a dry run), unchanged, blocked (see reasons), failed (see error). */
  outcome: 'migrated' | 'would-migrate' | 'unchanged' | 'blocked' | 'failed';
  from: VersionName | undefined;
  /** The new head a migration wrote. */
  checkpointId: string | null;
  migrations: string[];
  reasons: string[];
  error: { code: string; message: string } | null;
}

/**
 * Migrates each thread in turn (`migrateThread`, under the thread's lease)
 * and says what happened to it. A failure (MIGRATION_FAILED, THREAD_BUSY, a
 * checkpoint that cannot be read) is reported for its thread and the next
 * thread is migrated all the same: one bad thread does not hold back the rest.
 */
export async function applyToThreads(
  graph: AnyCompiledGraph,
  threads: readonly Pick<PlannedThread, 'threadId' | 'from'>[],
  options: { dryRun: boolean; holder: string },
): Promise<AppliedThread[]> {
  const out: AppliedThread[] = [];
  for (const { threadId, from } of threads) {
    try {
      const result = await graph.migrateThread(threadId, { dryRun: options.dryRun, holder: options.holder });
      out.push({
        ...fromCheck(result.check),
        outcome: result.outcome,
        checkpointId: result.outcome === 'migrated' ? result.checkpointId : null,
        error: null,
      });
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      out.push({
        threadId,
        outcome: 'failed',
        from,
        checkpointId: null,
        migrations: [],
        reasons: [],
        error: { code: typeof code === 'string' ? code : 'ERROR', message: err instanceof Error ? err.message : String(err) },
      });
    }
  }
  return out;
}

const fromCheck = (check: MigrationCheck) => ({
  threadId: check.threadId,
  from: check.from,
  migrations: check.migrations,
  reasons: check.reasons,
});
