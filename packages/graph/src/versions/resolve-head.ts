import type { CheckpointStore } from '@weft/checkpoint';
import { CheckpointWriter, type ChainPosition, type RecordBody } from '../checkpoint/checkpoint-writer.ts';
import type { LoadedCheckpoint } from '../checkpoint/load-checkpoint.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import { applyMigrations, type MigratedHead } from './apply-migrations.ts';
import { migrationChain } from './migration-chain.ts';
import { isCurrent, judgeThread, type MigrationCheck } from './migration-check.ts';
import { rememberGraph } from './remember-graph.ts';
import { storedGraphJson } from './stored-graph-json.ts';

/** A head this graph continues, and the chain position the next checkpoint takes. */
export interface ResolvedHead extends LoadedCheckpoint {
  seq: number;
  /** Set when the head was migrated: the checkpoint the migration wrote. */
  migratedTo?: string;
}

/**
 * What this graph does with a thread's head before continuing it (a resume,
 * or a new run on the thread), when another version of the graph wrote it:
 * with `onGraphMismatch: 'pin'`, nothing (GRAPH_VERSION_PINNED); a thread it
 * can run as it is runs; one the registered migrations take here is migrated
 * with 'migrate' (a checkpoint with source 'migrate' whose parent is the old
 * head); anything else is CHECKPOINT_GRAPH_MISMATCH with the reasons. The
 * caller holds the thread's lease.
 */
export async function resolveHead(
  store: CheckpointStore,
  plan: ExecutionPlan,
  loaded: LoadedCheckpoint,
  seq: number,
): Promise<ResolvedHead> {
  const { record } = loaded;
  if (isCurrent(plan, record)) return { ...loaded, seq };
  const check = judgeThread(plan, record, loaded.state, await storedGraphJson(store, record));
  if (plan.onGraphMismatch === 'pin') throw pinned(plan, check);
  if (check.status === 'compatible') return { ...loaded, seq };
  if (check.status !== 'needs-migration' || plan.onGraphMismatch !== 'migrate') throw mismatch(plan, check);
  const migrated = applyMigrations(plan, { record, state: loaded.state }, migrationChain(plan, check.from) ?? []);
  return writeMigrated(store, plan, migrated, { ...loaded.chain, seq });
}

/**
 * Writes a migrated head as the thread's next checkpoint (a full snapshot,
 * source 'migrate', parent the old head) and returns it as the head to
 * continue from.
 */
export async function writeMigrated(
  store: CheckpointStore,
  plan: ExecutionPlan,
  migrated: MigratedHead,
  position: ChainPosition,
): Promise<ResolvedHead> {
  await rememberGraph(store, plan);
  const { record, state } = migrated;
  const writer = new CheckpointWriter(store, plan, record.threadId, plan.snapshotEvery, position);
  const body: RecordBody = {
    step: record.step,
    status: record.status,
    source: 'migrate',
    frontier: record.frontier,
    joins: record.joins,
    skips: record.skips,
    pending: record.pending,
    interrupts: record.interrupts,
    context: record.context,
    ...(record.output === undefined ? {} : { output: record.output }),
    ...(record.error === undefined ? {} : { error: record.error }),
    ...(record.resumeValues === undefined ? {} : { resumeValues: record.resumeValues }),
    ...(record.patched === undefined ? {} : { patched: record.patched }),
  };
  const { written, stored } = writer.write(body, state, null);
  if (stored) await stored;
  const { seq, ...chain } = writer.position;
  const head = {
    ...record,
    id: written.id,
    parentId: position.parentId,
    seq: written.seq,
    source: 'migrate' as const,
    state: { full: state },
  };
  return { record: head, state, chain, seq, migratedTo: written.id };
}

function pinned(plan: ExecutionPlan, check: MigrationCheck): WeftError {
  const version = check.from.version === undefined ? check.from.hash : `${check.from.version} (${check.from.hash})`;
  return new WeftError(
    'GRAPH_VERSION_PINNED',
    `thread "${check.threadId}" was written by version ${version} of graph "${plan.name}" and stays on it (onGraphMismatch: 'pin'): run it where that version is served`,
    {
      details: {
        threadId: check.threadId,
        checkpointId: check.checkpointId,
        hash: check.from.hash,
        version: check.from.version,
        status: check.status,
      },
    },
  );
}

function mismatch(plan: ExecutionPlan, check: MigrationCheck): WeftError {
  const what =
    check.status === 'needs-migration'
      ? `migrations ${check.migrations.map((m) => `"${m}"`).join(', then ')} take it to this version: compile with onGraphMismatch: 'migrate', or apply them with migrateThread() (weft migrate apply)`
      : 'no registered migration starts at its version: register one (migration({ from, to, … })), or run it with the version that wrote it';
  return new WeftError(
    'CHECKPOINT_GRAPH_MISMATCH',
    `thread "${check.threadId}" was written by another version of graph "${plan.name}" (structure ${check.from.hash}; this is ${plan.hash}) that this version cannot continue as it is:\n${check.reasons.map((r) => `- ${r}`).join('\n')}\n${what}`,
    {
      details: {
        threadId: check.threadId,
        checkpointId: check.checkpointId,
        expected: { name: plan.name, hash: plan.hash },
        found: { name: plan.name, hash: check.from.hash },
        status: check.status,
        reasons: check.reasons,
        migrations: check.migrations,
      },
    },
  );
}
