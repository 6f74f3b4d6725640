import type { BranchContext } from '../spec/branch-context.ts';
import type { RouteResult } from '../spec/branch-route.ts';
import { channelName, type Channel } from '../spec/channel.ts';
import { Send } from '../spec/send.ts';
import type { PlanBranch, PlanNode, PlanTarget } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import type { Cursor, JoinBuffer } from './cursor.ts';
import { mergeInputs } from './merge-inputs.ts';
import type { Task } from './run-scope.ts';
import { isThenable } from './is-thenable.ts';

const NONE = Symbol('none');

interface Routed {
  node: PlanNode;
  /** The task's send() key, for its routes' BranchContext. */
  key?: string | undefined;
  output: unknown;
}

/**
 * What a branch route published (`at.emit`) while routing, in order: the step
 * loop emits each as the routed task's `node.custom` event. Routing only
 * collects them, so a step whose outputs cannot be delivered has emitted
 * nothing by the time it fails.
 */
export interface Published {
  node: string;
  key: string | undefined;
  channel: string;
  data: unknown;
}

/**
 * Moves a step's outputs along edges and branches into the next frontier.
 * Targets a branch did not take are skipped; a join fires once each
 * predecessor delivered or was skipped, and a node every predecessor skipped
 * passes the skip on. Outputs are routed in node order, so the result is
 * deterministic. Synchronous unless a branch route returns a promise.
 */
export function routeOutputs(
  cursor: Cursor,
  results: readonly Routed[],
  published?: Published[],
  step = cursor.step,
): void | Promise<void> {
  const router = new Router(cursor, published, step);
  for (let i = 0; i < results.length; i++) {
    const waiting = router.route(results[i]!);
    if (waiting) return continueAsync(router, results, i, waiting);
  }
  router.finish();
}

async function continueAsync(router: Router, results: readonly Routed[], from: number, waiting: Promise<void>): Promise<void> {
  await waiting;
  for (let i = from + 1; i < results.length; i++) await router.route(results[i]!);
  router.finish();
}

class Router {
  readonly inputs = new Map<PlanNode, unknown>();
  readonly skipQueue: [from: string, to: PlanTarget][] = [];
  /** (join, predecessor) pairs delivered in this routing pass (made on first use). */
  joined: Set<string> | undefined;
  /** Tasks started by send(), in the order they were sent. */
  readonly sent: Task[] = [];
  end: unknown = NONE;

  constructor(
    readonly cursor: Cursor,
    readonly published: Published[] | undefined,
    readonly step: number,
  ) {}

  /** Routes one node's output; returns a promise only while an async branch route is pending. */
  route({ node, key, output }: Routed): Promise<void> | undefined {
    for (const to of node.edges) this.deliver(node, to, output);
    if (node.branches.length === 0) return undefined;
    const at = new RouteAt(node.name, key, this.step, this.published);
    for (let b = 0; b < node.branches.length; b++) {
      const branch = node.branches[b]!;
      const chosen = branch.route(output, this.cursor.state, at);
      if (isThenable(chosen)) return this.routeRest(node, output, b, chosen, at);
      this.take(node, branch, chosen, output);
    }
    return undefined;
  }

  async routeRest(node: PlanNode, output: unknown, from: number, first: PromiseLike<RouteResult>, at: BranchContext): Promise<void> {
    this.take(node, node.branches[from]!, await first, output);
    for (let b = from + 1; b < node.branches.length; b++) {
      const branch = node.branches[b]!;
      const chosen = branch.route(output, this.cursor.state, at);
      this.take(node, branch, isThenable(chosen) ? await chosen : chosen, output);
    }
  }

  take(node: PlanNode, branch: PlanBranch, chosen: RouteResult, output: unknown): void {
    if (typeof chosen === 'string') {
      // The common case, without allocating: one target by name.
      if (!branch.targets.has(chosen)) throw badTarget(node, branch, chosen);
      for (const [name, to] of branch.targets) {
        if (name === chosen) this.deliver(node, to, output);
        else this.skipQueue.push([node.name, to]);
      }
      return;
    }
    const items = chosen instanceof Send ? [chosen] : chosen;
    const named = new Set<string>();
    const sentTo = new Set<string>();
    for (const item of items) {
      const name = item instanceof Send ? item.node : item;
      if (!branch.targets.has(name)) throw badTarget(node, branch, name);
      if (item instanceof Send) {
        sentTo.add(name);
        this.send(node, branch.targets.get(name)!, item);
      } else named.add(name);
    }
    for (const [name, to] of branch.targets) {
      if (named.has(name)) this.deliver(node, to, output);
      else if (!sentTo.has(name)) this.skipQueue.push([node.name, to]);
    }
  }

  send(from: PlanNode, to: PlanTarget, item: Send): void {
    if (to === null)
      throw new WeftError(
        'BRANCH_TARGET_INVALID',
        `branch of node "${from.name}" sent to END; send() starts a task of a node, route to END by name`,
      );
    if (this.sent.some((t) => t.node === to && t.key === item.key)) {
      throw new WeftError(
        'BRANCH_TARGET_INVALID',
        `branch of node "${from.name}" sent two tasks with key "${item.key}" to node "${to.name}"; keys must be unique per node and step`,
        {
          details: { node: from.name, target: to.name, key: item.key },
        },
      );
    }
    this.sent.push({ node: to, key: item.key, input: item.input, resume: undefined, sub: undefined, interrupts: undefined });
  }

  deliver(from: PlanNode, to: PlanTarget, value: unknown): void {
    if (to === null) {
      this.end = this.end === NONE ? value : mergeEnd(this.end, value);
    } else if (to.trigger === 'all') {
      // Several tasks of one predecessor (sends) delivering in the same step merge like any
      // same-step inputs; a delivery from a later step replaces the earlier one.
      const delivered = joinBuffer(this.cursor, to).delivered;
      const id = `${to.name}\u0000${from.name}`;
      const joined = (this.joined ??= new Set());
      const again = joined.has(id);
      joined.add(id);
      delivered.set(from.name, again ? mergeInputs(to, delivered.get(from.name), value) : value);
    } else {
      const prev = this.inputs.has(to) ? this.inputs.get(to) : NONE;
      this.inputs.set(to, prev === NONE ? value : mergeInputs(to, prev, value));
    }
  }

  finish(): void {
    const { cursor, inputs } = this;
    if (cursor.skips.size) for (const node of inputs.keys()) cursor.skips.delete(node);
    if (this.skipQueue.length) propagateSkips(cursor, this.skipQueue, inputs);
    const frontier: Task[] = [];
    for (const [node, input] of inputs) frontier.push({ node, input, resume: undefined, sub: undefined, interrupts: undefined });
    for (const task of this.sent) frontier.push(task);
    if (cursor.joins.size) fireJoins(cursor, frontier, false);
    // Stable: tasks of one node keep their order (edge input first, then sends in the order sent).
    if (frontier.length > 1) frontier.sort((a, b) => a.node.index - b.node.index);
    cursor.frontier = frontier;
    if (this.end !== NONE) {
      cursor.ended = true;
      cursor.output = this.end;
    }
  }
}

/** The BranchContext of one routed task: made once per task whose node has branches. */
class RouteAt implements BranchContext {
  constructor(
    readonly node: string,
    readonly key: string | undefined,
    readonly step: number,
    readonly published: Published[] | undefined,
  ) {}

  emit<T>(channel: Channel<T>, data: T): void {
    const name = channelName(channel, 'at.emit(channel, data)');
    this.published?.push({ node: this.node, key: this.key, channel: name, data });
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

function badTarget(node: PlanNode, branch: PlanBranch, name: string): WeftError {
  return new WeftError(
    'BRANCH_TARGET_INVALID',
    `branch of node "${node.name}" returned "${String(name)}", which is not among its declared targets (${[...branch.targets.keys()].join(', ')}); add it to addBranch's targets`,
    { details: { node: node.name, target: name } },
  );
}
