import { produce, type Draft } from 'immer';
import type { CheckpointRecord, InterruptRecord, TaskRecord } from '@weft/checkpoint';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import type { MigratedTask, Migration } from '../spec/migration.ts';
import { threadProblems } from './thread-problems.ts';

/** A thread's head as the migrations left it: the record (this graph's hash) and the state. */
export interface MigratedHead {
  record: CheckpointRecord;
  state: unknown;
}

/**
 * Applies a chain of migrations to a thread's head, in memory: node renames
 * (the frontier, join buffers and their inputs, pending results, skips,
 * interrupt paths), interrupt address changes (addresses, ids, answers given
 * but not used yet), the state recipe, the frontier function. Then the
 * result must be a thread this graph can run (`threadProblems` finds
 * nothing). Any failure is MIGRATION_FAILED naming the migration and where;
 * nothing is written here, so a failed migration leaves the thread as it was.
 */
export function applyMigrations(plan: ExecutionPlan, head: MigratedHead, chain: readonly Migration[]): MigratedHead {
  let { record, state } = head;
  for (const m of chain) {
    record = renameInterrupts(renameNodes(record, m.nodes), m.interrupts);
    if (m.state) state = guarded(m, 'its state recipe', () => produce(state, m.state as (draft: Draft<unknown>) => void));
    if (m.frontier) {
      const rewrite = m.frontier;
      const migratedState = state;
      record = {
        ...record,
        frontier: guarded(m, 'its frontier function', () => rewriteFrontier(record.frontier, (t) => rewrite(t, migratedState))),
      };
    }
  }
  const migrated: CheckpointRecord = { ...record, hash: plan.hash, ...(plan.version === undefined ? {} : { version: plan.version }) };
  const problems = threadProblems(plan, migrated, state);
  if (problems.length > 0) {
    const names = chain.map((m) => `"${m.name}"`).join(', then ');
    throw new WeftError(
      'MIGRATION_FAILED',
      `after migration ${names}, thread "${record.threadId}" still cannot run on graph "${plan.name}" (structure ${plan.hash}):\n${problems.join('\n')}`,
      { details: { threadId: record.threadId, migrations: chain.map((m) => m.name), problems } },
    );
  }
  return { record: migrated, state };
}

function guarded<T>(m: Migration, where: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new WeftError(
      'MIGRATION_FAILED',
      `migration "${m.name}" failed in ${where}: ${err instanceof Error ? err.message : String(err)}`,
      {
        cause: err,
        details: { migration: m.name, where },
      },
    );
  }
}

function renameNodes(record: CheckpointRecord, nodes: Readonly<Record<string, string>>): CheckpointRecord {
  if (Object.keys(nodes).length === 0) return record;
  const to = (n: string) => nodes[n] ?? n;
  return {
    ...record,
    frontier: record.frontier.map((t) => ({ ...t, node: to(t.node) })),
    joins: record.joins.map((j) => ({
      ...j,
      node: to(j.node),
      delivered: j.delivered.map(([p, v]) => [to(p), v]),
      skipped: j.skipped.map(to),
    })),
    pending: record.pending.map((p) => ({ ...p, node: to(p.node) })),
    skips: record.skips.map(([n, preds]) => [to(n), preds.map(to)]),
    interrupts: record.interrupts.map((i) => ({ ...i, path: i.path.map(to) })),
  };
}

function renameInterrupts(record: CheckpointRecord, addresses: Readonly<Record<string, string>>): CheckpointRecord {
  const keys = Object.keys(addresses);
  if (keys.length === 0) return record;
  const moved = (text: string): string => {
    const key = keys.find((k) => text === k || text.startsWith(`${k}/`) || text.startsWith(`${k}:`) || text.startsWith(`${k}#`));
    return key === undefined ? text : addresses[key] + text.slice(key.length);
  };
  const interrupt = (i: InterruptRecord): InterruptRecord => ({ ...i, id: moved(i.id), address: moved(i.address) });
  const task = (t: TaskRecord): TaskRecord =>
    t.sub ? { ...t, sub: { ...t.sub, interrupts: t.sub.interrupts.map(interrupt), frontier: t.sub.frontier.map(task) } } : t;
  return {
    ...record,
    interrupts: record.interrupts.map(interrupt),
    frontier: record.frontier.map(task),
    ...(record.resumeValues ? { resumeValues: record.resumeValues.map(([id, v]): [string, unknown] => [moved(id), v]) } : {}),
  };
}

function rewriteFrontier(tasks: readonly TaskRecord[], fn: (tasks: MigratedTask[]) => MigratedTask[]): TaskRecord[] {
  const given = tasks.map((t): MigratedTask => ({ node: t.node, ...(t.key === undefined ? {} : { key: t.key }), input: t.input }));
  const result = fn(given);
  if (!Array.isArray(result) || result.some((t) => typeof t?.node !== 'string'))
    throw new Error('it must return a list of tasks ({ node, key?, input })');
  return result.map((t) => {
    const before = tasks.find((o) => o.node === t.node && o.key === t.key);
    return { ...(before ?? {}), node: t.node, ...(t.key === undefined ? {} : { key: t.key }), input: t.input };
  });
}
