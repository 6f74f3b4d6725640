import type { CheckpointRecord } from '@weft/checkpoint';
import type { ExecutionPlan, PlanNode } from '../compiler/execution-plan.ts';
import type { GraphJSON } from '../compiler/graph-json.ts';
import { checkWithSchemaSync } from '../schema/check-with-schema.ts';

/**
 * Why this graph cannot continue a thread from `record` (a checkpoint
 * another version of it may have written), one sentence each; empty when
 * it can. It can when every task of the frontier names a node it has (a
 * subgraph task, recursively, a subgraph with the same rule), every join
 * buffer a join whose predecessors include every input held (and, given the
 * old graph, the same predecessors: a join waiting on a new input would wait
 * forever), every pending result and skip a node it has, every pending
 * interrupt a task that owns its address here (or its answer would reach
 * nobody), and the state passes the state schema.
 *
 * @example
 * threadProblems(plan, record, state); // ['the next task runs node "approve", which this version does not have']
 */
export function threadProblems(plan: ExecutionPlan, record: CheckpointRecord, state: unknown, old?: GraphJSON): string[] {
  const problems = structureProblems(plan, record, old, '');
  problems.push(...interruptProblems(plan, record));
  if (plan.stateSchema) {
    const check = checkWithSchemaSync(plan.stateSchema, state, `graph "${plan.name}" state`);
    if (!check.ok) problems.push(`the state does not pass this version's state schema: ${check.message}`);
  }
  if (plan.threadCheck && problems.length === 0) problems.push(...layerProblems(plan, record, state));
  return problems;
}

function structureProblems(plan: ExecutionPlan, record: CheckpointRecord, old: GraphJSON | undefined, prefix: string): string[] {
  const problems: string[] = [];
  const name = (n: string) => `"${prefix}${n}"`;
  const node = (n: string): PlanNode | undefined => {
    const found = plan.byName.get(n);
    return found && found.index >= 0 ? found : undefined;
  };
  for (const task of record.frontier) {
    const n = node(task.node);
    if (n === undefined) problems.push(`the next task runs node ${name(task.node)}, which this version does not have`);
    else if (task.sub && n.sub === undefined)
      problems.push(`node ${name(task.node)} stopped inside its subgraph, and is not a subgraph in this version`);
    else if (task.sub && n.sub && task.sub.hash !== n.sub.hash)
      problems.push(...structureProblems(n.sub, task.sub, subgraphOf(old, task.node), `${prefix}${task.node}/`));
  }
  for (const join of record.joins) {
    const n = node(join.node);
    if (n === undefined) {
      problems.push(`join ${name(join.node)} holds inputs, and this version has no such node`);
      continue;
    }
    if (n.trigger !== 'all') problems.push(`join ${name(join.node)} holds inputs, and is not a join (trigger 'all') in this version`);
    for (const pred of [...join.delivered.map(([p]) => p), ...join.skipped])
      if (!n.preds.includes(pred))
        problems.push(`join ${name(join.node)} holds an input from "${pred}", which is not one of its predecessors in this version`);
    const before = old === undefined ? undefined : predecessorsIn(old, join.node);
    if (before !== undefined && !sameSet(before, n.preds))
      problems.push(`join ${name(join.node)} waited on ${list(before)}; in this version it waits on ${list(n.preds)}`);
  }
  for (const pending of record.pending)
    if (node(pending.node) === undefined)
      problems.push(`node ${name(pending.node)} finished in the stopped step, and this version does not have it`);
  for (const [skipped] of record.skips)
    if (node(skipped) === undefined) problems.push(`node ${name(skipped)} has skipped inputs waiting, and this version does not have it`);
  return problems;
}

/** Every pending interrupt must belong to a task of the frontier, by the address its node has in this version (see restoreCursor). */
function interruptProblems(plan: ExecutionPlan, record: CheckpointRecord): string[] {
  const owners = record.frontier.flatMap((t) => {
    const n = plan.byName.get(t.node);
    return n && n.index >= 0 ? [n.address + (t.key === undefined ? '' : `/${t.key}`)] : [];
  });
  return record.interrupts
    .filter((i) => !owners.some((at) => i.address === at || i.address.startsWith(`${at}/`)))
    .map(
      (i) =>
        `the pending interrupt at address "${i.address}" belongs to no task of this version (its node was renamed, removed or given another address), so its answer would reach nobody`,
    );
}

/** The layer above's own check (compile's `threadCheck`); one that throws says so as a problem. */
function layerProblems(plan: ExecutionPlan, record: CheckpointRecord, state: unknown): string[] {
  const tasks = record.frontier.map((t) => ({ node: t.node, ...(t.key === undefined ? {} : { key: t.key }), input: t.input }));
  try {
    return [...(plan.threadCheck?.({ tasks, state }) ?? [])];
  } catch (err) {
    return [`the graph's thread check failed: ${err instanceof Error ? err.message : String(err)}`];
  }
}

function subgraphOf(old: GraphJSON | undefined, node: string): GraphJSON | undefined {
  return old?.nodes.find((n) => n.id === node)?.subgraph;
}

function predecessorsIn(json: GraphJSON, node: string): string[] | undefined {
  if (!json.nodes.some((n) => n.id === node)) return undefined;
  return [...new Set(json.edges.filter((e) => e.to === node).map((e) => e.from))];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function list(names: readonly string[]): string {
  return names.length === 0 ? 'nothing' : names.map((n) => `"${n}"`).join(', ');
}
