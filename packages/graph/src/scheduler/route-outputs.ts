import type { PlanNode, PlanTarget } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import type { Cursor, JoinBuffer } from './cursor.ts';
import { mergeInputs } from './merge-inputs.ts';
import type { Task } from './run-scope.ts';

const NONE = Symbol('none');

/**
 * Moves a step's outputs along edges and branches into the next frontier.
 * Targets a branch did not take are skipped; a join fires once each
 * predecessor delivered or was skipped, and a node every predecessor skipped
 * passes the skip on. Outputs are routed in node order, so the result is
 * deterministic.
 */
export async function routeOutputs(cursor: Cursor, results: readonly { node: PlanNode; output: unknown }[]): Promise<void> {
  const inputs = new Map<PlanNode, unknown>();
  let end: unknown = NONE;
  const skipQueue: [from: string, to: PlanTarget][] = [];
  const deliver = (from: PlanNode, to: PlanTarget, value: unknown) => {
    if (to === null) {
      end = end === NONE ? value : mergeEnd(end, value);
    } else if (to.trigger === 'all') {
      joinBuffer(cursor, to).delivered.set(from.name, value);
    } else {
      const prev = inputs.has(to) ? inputs.get(to) : NONE;
      inputs.set(to, prev === NONE ? value : mergeInputs(to, prev, value));
    }
  };
  for (const { node, output } of results) {
    for (const to of node.edges) deliver(node, to, output);
    for (const branch of node.branches) {
      let chosen = branch.route(output, cursor.state);
      if (isThenable(chosen)) chosen = await chosen;
      const picked = new Set(typeof chosen === 'string' ? [chosen] : chosen);
      for (const name of picked) {
        if (!branch.targets.has(name)) {
          throw new WeftError(
            'BRANCH_TARGET_INVALID',
            `branch of node "${node.name}" returned "${String(name)}", which is not among its declared targets (${[...branch.targets.keys()].join(', ')}); add it to addBranch's targets`,
            { details: { node: node.name, target: name } },
          );
        }
      }
      for (const [name, to] of branch.targets) {
        if (picked.has(name)) deliver(node, to, output);
        else skipQueue.push([node.name, to]);
      }
    }
  }
  for (const node of inputs.keys()) cursor.skips.delete(node);
  propagateSkips(cursor, skipQueue, inputs);
  const frontier: Task[] = [];
  for (const [node, input] of inputs) frontier.push({ node, input, resume: undefined, sub: undefined, interrupts: undefined });
  fireJoins(cursor, frontier, false);
  frontier.sort((a, b) => a.node.index - b.node.index);
  cursor.frontier = frontier;
  if (end !== NONE) {
    cursor.ended = true;
    cursor.output = end;
  }
}

/** Joins whose predecessors have all answered fire; with `flush`, any join holding a value fires (nothing else can run). */
export function fireJoins(cursor: Cursor, frontier: Task[], flush: boolean): void {
  for (const [node, buffer] of cursor.joins) {
    const complete = node.preds.every((p) => buffer.delivered.has(p) || buffer.skipped.has(p));
    if ((complete || flush) && buffer.delivered.size > 0) {
      const input: Record<string, unknown> = {};
      for (const p of node.preds) if (buffer.delivered.has(p)) input[p] = buffer.delivered.get(p);
      frontier.push({ node, input, resume: undefined, sub: undefined, interrupts: undefined });
      cursor.joins.delete(node);
    }
  }
}

function propagateSkips(cursor: Cursor, queue: [string, PlanTarget][], inputs: Map<PlanNode, unknown>): void {
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const [from, to] = item;
    if (to === null || inputs.has(to)) continue;
    let skippedAll: boolean;
    if (to.trigger === 'all') {
      const buffer = joinBuffer(cursor, to);
      buffer.skipped.add(from);
      skippedAll = buffer.delivered.size === 0 && to.preds.every((p) => buffer.skipped.has(p));
      if (skippedAll) cursor.joins.delete(to);
    } else {
      const skips = cursor.skips.get(to) ?? new Set<string>();
      if (skips.has(from)) continue;
      skips.add(from);
      cursor.skips.set(to, skips);
      skippedAll = to.preds.every((p) => skips.has(p));
      if (skippedAll) cursor.skips.delete(to);
    }
    if (skippedAll) for (const next of to.successors) queue.push([to.name, next]);
  }
}

function joinBuffer(cursor: Cursor, node: PlanNode): JoinBuffer {
  let buffer = cursor.joins.get(node);
  if (!buffer) cursor.joins.set(node, (buffer = { delivered: new Map(), skipped: new Set() }));
  return buffer;
}

function mergeEnd(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  return a !== null && typeof a === 'object' && b !== null && typeof b === 'object' ? { ...a, ...b } : b;
}

function isThenable<T>(v: T | PromiseLike<T>): v is PromiseLike<T> {
  return v !== null && typeof v === 'object' && typeof (v as PromiseLike<T>).then === 'function';
}
