import type { CheckpointRecord, CheckpointSource, CheckpointStatus, InterruptRecord, PendingRecord } from '@weft/checkpoint';
import type { WeftErrorJSON } from '@weft/common';
import type { RecordBody } from '../checkpoint/checkpoint-writer.ts';
import type { ExecutionPlan, PlanNode } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import type { Cursor, PendingResult } from './cursor.ts';
import { taskId } from './run-scope.ts';

const NONE: never[] = [];

/** The cursor as a checkpoint body (everything but the state and the chain fields). */
export function cursorToBody(
  cursor: Cursor,
  status: CheckpointStatus,
  source: CheckpointSource,
  context: Record<string, unknown>,
  error?: WeftErrorJSON,
): RecordBody {
  let interrupts: InterruptRecord[] = NONE;
  const tasks = cursor.parked.length ? [...cursor.frontier, ...cursor.parked] : cursor.frontier;
  const frontier = tasks.map((t) => {
    if (t.interrupts) interrupts = interrupts === NONE ? [...t.interrupts] : interrupts.concat(t.interrupts);
    const rec: CheckpointRecord['frontier'][number] = { node: t.node.name, input: t.input };
    if (t.key !== undefined) rec.key = t.key;
    if (t.resume) rec.resume = t.resume;
    if (t.sub) rec.sub = t.sub;
    if (t.failed) rec.error = t.failed;
    return rec;
  });
  // Empty collections share one empty list: this runs at every step.
  const body: RecordBody = {
    step: cursor.step,
    status,
    source,
    frontier,
    joins: cursor.joins.size
      ? [...cursor.joins].map(([node, b]) => ({ node: node.name, delivered: [...b.delivered], skipped: [...b.skipped] }))
      : NONE,
    skips: cursor.skips.size ? [...cursor.skips].map(([node, preds]) => [node.name, [...preds]]) : NONE,
    pending: cursor.pending.size ? [...cursor.pending.values()].map(pendingRecord) : NONE,
    interrupts,
    context,
  };
  if (cursor.ended) body.output = cursor.output;
  if (error) body.error = error;
  return body;
}

function pendingRecord(p: PendingResult): PendingRecord {
  const rec: PendingRecord = { node: p.node, output: p.output, patches: p.patches };
  if (p.key !== undefined) rec.key = p.key;
  return rec;
}

/** Rebuilds a cursor from a checkpoint; names that do not exist in the plan mean the record is corrupt. */
export function restoreCursor(plan: ExecutionPlan, record: CheckpointRecord, state: unknown, addressPrefix: string): Cursor {
  const node = (name: unknown): PlanNode => {
    const found = typeof name === 'string' ? plan.byName.get(name) : undefined;
    if (!found || found.index < 0) {
      throw new WeftError(
        'CHECKPOINT_CORRUPT',
        `checkpoint "${record.id}" names node ${JSON.stringify(name)}, which graph "${plan.name}" does not have`,
      );
    }
    return found;
  };
  // A task owns the interrupts at its address and below it (inside a subgraph it runs).
  const owned = (n: PlanNode, key: string | undefined) => {
    const at = addressPrefix + n.address + (key === undefined ? '' : `/${key}`);
    const mine = record.interrupts.filter((i) => i.address === at || i.address.startsWith(`${at}/`));
    return mine.length ? mine : undefined;
  };
  return {
    step: record.step,
    state,
    frontier: record.frontier.map((t) => {
      const n = node(t.node);
      const interrupts = owned(n, t.key);
      // A task stopped at an interrupt collects answers; a failed one keeps those it already used.
      return { node: n, key: t.key, input: t.input, resume: t.resume ?? (interrupts ? [] : undefined), sub: t.sub, interrupts };
    }),
    joins: new Map(record.joins.map((j) => [node(j.node), { delivered: new Map(j.delivered), skipped: new Set(j.skipped) }])),
    skips: new Map(record.skips.map(([n, preds]) => [node(n), new Set(preds)])),
    pending: new Map(
      record.pending.map((p) => {
        const result: PendingResult = { node: node(p.node).name, key: p.key, output: p.output, patches: p.patches };
        return [taskId({ node: node(p.node), key: p.key }), result];
      }),
    ),
    // Parked tasks (with an `error`) run again: a restored cursor is a resume, which retries failed branches.
    parked: [],
    ended: record.status === 'done',
    output: record.output,
  };
}
