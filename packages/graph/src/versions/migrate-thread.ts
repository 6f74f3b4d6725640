import { type CheckpointStore, checkThreadId, LeaseKeeper } from '@weft/checkpoint';
import { loadCheckpoint } from '../checkpoint/load-checkpoint.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { applyMigrations } from './apply-migrations.ts';
import { migrationChain } from './migration-chain.ts';
import { judgeThread, type MigrationCheck } from './migration-check.ts';
import { writeMigrated } from './resolve-head.ts';
import { storedGraphJson } from './stored-graph-json.ts';

export interface MigrateThreadOptions {
  /** Applies the migrations in memory and checks the result, writing nothing. */
  dryRun?: boolean;
  /** Names the migrator to others refused with THREAD_BUSY meanwhile. */
  holder?: string;
}

/** What `migrateThread()` did. */
export type MigrationResult =
  /** The migrations applied: the thread's new head (source 'migrate'; its parent is the old head). */
  | { outcome: 'migrated'; check: MigrationCheck; checkpointId: string }
  /** A dry run: the migrations apply cleanly; nothing was written. */
  | { outcome: 'would-migrate'; check: MigrationCheck }
  /** Nothing to do: the thread is this version's, or this version runs it as it is. */
  | { outcome: 'unchanged'; check: MigrationCheck }
  /** No migration starts at the thread's version and this version cannot run it: see the check's reasons. */
  | { outcome: 'blocked'; check: MigrationCheck };

/**
 * Migrates one thread now (a batch, `weft migrate apply`), not at its next
 * resume: under the thread's lease (a second migrator, or a run, gets
 * THREAD_BUSY), the head is judged, the registered migrations applied, the
 * result checked against this graph, and written as a new checkpoint whose
 * parent is the old head — which stays, so time travel undoes it. A
 * migration that fails is MIGRATION_FAILED and writes nothing.
 */
export async function migrateThread(
  store: CheckpointStore,
  plan: ExecutionPlan,
  threadId: string,
  options: MigrateThreadOptions = {},
): Promise<MigrationResult> {
  checkThreadId(threadId, 'migrateThread()');
  const lease = await LeaseKeeper.take(store, threadId, { holder: options.holder ?? `migrate:${process.pid}` });
  try {
    const head = await store.get(threadId);
    const loaded = await loadCheckpoint(store, plan, threadId, head?.id, undefined, true);
    const check = judgeThread(plan, loaded.record, loaded.state, await storedGraphJson(store, loaded.record));
    if (check.status === 'current' || check.status === 'compatible') return { outcome: 'unchanged', check };
    if (check.status === 'blocked') return { outcome: 'blocked', check };
    const migrated = applyMigrations(plan, loaded, migrationChain(plan, check.from) ?? []);
    if (options.dryRun) return { outcome: 'would-migrate', check };
    await lease.confirm();
    const written = await writeMigrated(store, plan, migrated, { ...loaded.chain, seq: head?.seq ?? loaded.record.seq });
    return { outcome: 'migrated', check, checkpointId: written.record.id };
  } finally {
    await lease.release();
  }
}
