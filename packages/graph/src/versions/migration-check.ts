import type { CheckpointRecord } from '@weft/checkpoint';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { GraphJSON } from '../compiler/graph-json.ts';
import { migrationChain } from './migration-chain.ts';
import { threadProblems } from './thread-problems.ts';

/** Whether this graph can continue a thread, and how. */
export type MigrationStatus =
  /** This version wrote it. */
  | 'current'
  /** Another version wrote it, and this one can continue it as it is. */
  | 'compatible'
  /** Registered migrations take it to this version. */
  | 'needs-migration'
  /** This version cannot continue it, and no migration starts at its version. */
  | 'blocked';

/** What `checkThread()` says about a thread against a graph. */
export interface MigrationCheck {
  threadId: string;
  /** The checkpoint judged: the thread's head. */
  checkpointId: string;
  status: MigrationStatus;
  /** The version that wrote it: its structure hash, and its label when the store kept the graph. */
  from: { hash: string; version?: string };
  to: { hash: string; version?: string };
  /** Why it cannot run as it is (empty for current and compatible). */
  reasons: string[];
  /** The migrations that would apply, by name, in order. */
  migrations: string[];
}

/**
 * Judges a thread's head against this graph: `current`, `compatible`,
 * `needs-migration` (registered migrations start at its version — they
 * apply even when it is otherwise compatible: their author asked for them)
 * or `blocked`, with the reasons.
 *
 * @example
 * const check = judgeThread(plan, record, state, oldJson);
 * if (check.status === 'blocked') console.log(check.reasons.join('\n'));
 */
export function judgeThread(plan: ExecutionPlan, record: CheckpointRecord, state: unknown, old?: GraphJSON): MigrationCheck {
  const version = record.version ?? old?.version;
  const from = { hash: record.hash, ...(version === undefined ? {} : { version }) };
  const to = { hash: plan.hash, ...(plan.version === undefined ? {} : { version: plan.version }) };
  const base = { threadId: record.threadId, checkpointId: record.id, from, to };
  if (isCurrent(plan, record)) return { ...base, status: 'current', reasons: [], migrations: [] };
  const reasons = threadProblems(plan, record, state, old);
  const chain = migrationChain(plan, from);
  if (chain) return { ...base, status: 'needs-migration', reasons, migrations: chain.map((m) => m.name) };
  return { ...base, status: reasons.length === 0 ? 'compatible' : 'blocked', reasons, migrations: [] };
}

/**
 * Whether this very version wrote the checkpoint: the same structure, and
 * the same label when the graph has one (a label bump with the structure
 * unchanged — a state schema change — is another version too).
 */
export function isCurrent(plan: Pick<ExecutionPlan, 'hash' | 'version'>, record: Pick<CheckpointRecord, 'hash' | 'version'>): boolean {
  return record.hash === plan.hash && (plan.version === undefined || record.version === plan.version);
}
