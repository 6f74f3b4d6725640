import type { Patch } from 'immer';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { WeftError } from '../errors.ts';
import { applyStepUpdates } from '../state/apply-step-updates.ts';
import { checkOutput } from './check-output.ts';
import { asWeftError } from './collect-stop.ts';
import type { Cursor, JoinBuffer } from './cursor.ts';
import { isThenable } from './is-thenable.ts';
import { fireJoins, routeOutputs, type Published } from './route-outputs.ts';
import type { Task } from './run-scope.ts';

/** A finished task's result, as the barrier takes it. */
export interface DoneOutcome {
  kind: 'done';
  output: unknown;
  patches: Patch[];
  view: unknown;
}

/**
 * The barrier's result. `advanced`: the cursor after the step (its `step` and
 * `pending` are the loop's to set) and the state writes to record.
 * `undeliverable`: the outputs could not be delivered (a branch's bad target,
 * an output the output schema refuses); the cursor given is as it was.
 */
export type Barrier =
  | { kind: 'advanced'; next: Cursor; patches: Patch[]; published: Published[] | undefined }
  | { kind: 'undeliverable'; error: WeftError; published: Published[] | undefined };

/**
 * A step's barrier as a transition: the step's state updates applied, its
 * outputs routed into the next frontier (joins, skips, END), and the output
 * checked when the run ends, all on a new cursor. It emits, saves and
 * changes nothing: the step loop owns those effects, and a step whose
 * outputs cannot be delivered leaves the cursor it was given untouched, so
 * nothing needs undoing. Throws (STATE_CONFLICT, a reducer's error) when the
 * updates cannot be applied. Synchronous unless a branch route or the output
 * schema is asynchronous.
 */
export function advance(
  plan: ExecutionPlan,
  cursor: Cursor,
  tasks: readonly Task[],
  done: readonly DoneOutcome[],
): Barrier | Promise<Barrier> {
  const { state, patches } = applyStepUpdates(cursor.state, done, plan.reducers, (i) => tasks[i]!.node.name);
  // Routing adds to joins and skips in place: it works on copies (as cheap as the undo snapshot they replace).
  // Spelled out, not spread: this runs once per step, and a literal of the cursor's own shape is the cheapest copy.
  const next: Cursor = {
    step: cursor.step,
    state,
    frontier: cursor.frontier, // replaced by routing
    joins: copyJoins(cursor.joins),
    skips: copySkips(cursor.skips),
    pending: cursor.pending,
    parked: cursor.parked,
    ended: cursor.ended,
    output: cursor.output,
  };
  const published: Published[] = [];
  const results = tasks.map((t, i) => ({ node: t.node, key: t.key, output: done[i]!.output }));
  let routing;
  try {
    routing = routeOutputs(next, results, published, cursor.step + 1);
  } catch (err) {
    return undeliverable(err, published);
  }
  if (!isThenable(routing)) return settle(plan, next, patches, published);
  return Promise.resolve(routing).then(
    () => settle(plan, next, patches, published),
    (err: unknown) => undeliverable(err, published),
  );
}

/** After routing: joins that can no longer fill fire, and the output is checked where the run ends. */
function settle(plan: ExecutionPlan, next: Cursor, patches: Patch[], published: Published[]): Barrier | Promise<Barrier> {
  const emitted = published.length ? published : undefined;
  // Joins still waiting fire with what they have, unless a parked branch will deliver to them on resume.
  if (!next.ended && next.frontier.length === 0 && next.parked.length === 0) fireJoins(next, next.frontier, true);
  const over = next.ended || next.frontier.length === 0;
  // The output schema refusing what END received is a failure to deliver, like a branch's bad target.
  if (!over || next.parked[0]?.failed || !plan.outputSchema) return { kind: 'advanced', next, patches, published: emitted };
  return checkOutput(plan, plan.outputSchema, next.output).then((checked): Barrier => {
    if (!checked.ok) return { kind: 'undeliverable', error: checked.error, published: emitted };
    next.output = checked.value;
    return { kind: 'advanced', next, patches, published: emitted };
  });
}

function undeliverable(err: unknown, published: Published[]): Barrier {
  return { kind: 'undeliverable', error: asWeftError(err), published: published.length ? published : undefined };
}

function copyJoins(joins: Cursor['joins']): Cursor['joins'] {
  if (joins.size === 0) return new Map();
  return new Map([...joins].map(([n, b]): [typeof n, JoinBuffer] => [n, { delivered: new Map(b.delivered), skipped: new Set(b.skipped) }]));
}

function copySkips(skips: Cursor['skips']): Cursor['skips'] {
  return skips.size === 0 ? new Map() : new Map([...skips].map(([n, k]) => [n, new Set(k)]));
}
