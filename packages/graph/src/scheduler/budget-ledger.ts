import type { BudgetRecord, UsageRecord } from '@weft/checkpoint';
import { WeftError } from '../errors.ts';
import { interrupt } from '../interrupt/interrupt.ts';
import { nodeScope } from '../interrupt/node-scope.ts';
import {
  LIMIT_NAMES,
  USAGE_FIELDS,
  type Budget,
  type BudgetContext,
  type BudgetInterruptInfo,
  type BudgetLimitName,
  type BudgetLimits,
  type BudgetResume,
  type Usage,
  type UsageDelta,
  remainingBudget,
} from '../spec/budget.ts';
import { budgetResumeSchema } from './budget-resume-schema.ts';

/** The amounts known only after spending: a charge is refused once they are reached, not before they would be crossed. */
const AFTER_THE_FACT: ReadonlySet<BudgetLimitName> = new Set(['tokens', 'costUsd', 'wallMs']);

/**
 * One run's count of what its thread's branch spent, and the budget it is
 * held to (`ctx.budget`). Made once per run, from the checkpoint the run
 * starts from (its `usage` and `budget`); every scope of the run (subgraphs
 * included) shares it, and every checkpoint the run writes carries its count.
 * Running time is the count's `wallMs` plus the time since the run started.
 * A run with no budget that charges nothing leaves `active` false: its
 * checkpoints carry neither field, and its steps build nothing.
 */
export class BudgetLedger implements BudgetContext {
  readonly #used: Usage;
  #limits: Budget | undefined;
  readonly #since: number;
  readonly #wallBefore: number;
  /** What this ledger added (for a task run in another process: what it brings back). */
  readonly #added: Usage = zeroUsage();
  #active: boolean;
  /** Whether the limits changed in this ledger (a budget interrupt's answer), for a task run elsewhere to bring back. */
  #changed = false;
  /**
   * The ids of the interrupts this run was given answers for. A budget answer
   * among them is new: its change is applied. Any other budget answer a node
   * meets again (it runs again from its start after a later interrupt) was
   * applied by the run that got it, and is in the checkpoint's budget.
   */
  answers: { has(id: string): boolean } = NO_ANSWERS;

  constructor(used: UsageRecord | undefined, limits: Budget | undefined, now = Date.now()) {
    this.#used = used ? { ...used } : zeroUsage();
    this.#limits = limits;
    this.#since = now;
    this.#wallBefore = this.#used.wallMs;
    this.#active = used !== undefined || limits !== undefined;
  }

  /** Whether the run's checkpoints and events carry usage: a budget is set, or something was counted. */
  get active(): boolean {
    return this.#active;
  }

  get counting(): boolean {
    return this.#active;
  }

  get used(): Readonly<Usage> {
    this.#used.wallMs = this.#wallBefore + (Date.now() - this.#since);
    return this.#used;
  }

  get limits(): Readonly<Budget> | undefined {
    return this.#limits;
  }

  get remaining(): BudgetLimits | undefined {
    return this.#limits && remainingBudget(this.#limits, this.used);
  }

  /** The limits, when an answer to a budget interrupt changed them here (undefined otherwise). */
  get changedLimits(): Budget | undefined {
    return this.#changed ? this.#limits : undefined;
  }

  /** Takes the limits a task run elsewhere changed (its budget interrupt was answered there). */
  setLimits(limits: Budget): void {
    this.#limits = limits;
    this.#active = true;
  }

  /** What this ledger counted itself, not what it started from (a dispatched task's charges, taken back to its run). */
  get added(): Readonly<Usage> {
    return this.#added;
  }

  charge(delta: UsageDelta): void {
    checkDelta(delta, 'ctx.budget.charge()');
    this.#replay();
    if (this.#limits) {
      let exceeded = this.#exceeded(delta);
      // A resumed interrupt returns its answer; one that still leaves the budget crossed asks again.
      while (exceeded.length) exceeded = this.#over(exceeded, delta);
    }
    this.#add(delta);
  }

  record(delta: UsageDelta): void {
    checkDelta(delta, 'ctx.budget.record()');
    this.#add(delta);
  }

  /**
   * Before a node runs: a tokens, costUsd or wallMs limit already reached
   * stops it (so a graph that charges nothing still stops at its wallMs).
   * Called only when a budget is set.
   */
  beforeNode(): void {
    this.#replay();
    let exceeded = this.#exceeded(undefined);
    while (exceeded.length) exceeded = this.#over(exceeded, undefined);
  }

  /** The count as a checkpoint keeps it (running time up to now), or undefined when nothing is counted. */
  usageRecord(): UsageRecord | undefined {
    if (!this.#active) return undefined;
    const { estimated: _, ...record } = this.used;
    return record;
  }

  budgetRecord(): BudgetRecord | undefined {
    return this.#limits;
  }

  #add(delta: UsageDelta): void {
    const used = this.#used;
    const added = this.#added;
    for (const field of USAGE_FIELDS) {
      const v = delta[field];
      if (v) {
        used[field] += v;
        added[field] += v;
      }
    }
    if (delta.estimated) used.estimated = added.estimated = true;
    this.#active = true;
  }

  /** The limits `delta` would cross (counts), or that are already reached (amounts known after the fact). */
  #exceeded(delta: UsageDelta | undefined): BudgetLimitName[] {
    const limits = this.#limits!;
    const used = this.used;
    const out: BudgetLimitName[] = [];
    for (const name of LIMIT_NAMES) {
      const limit = limits[name];
      if (limit === undefined) continue;
      if (AFTER_THE_FACT.has(name) ? used[name] >= limit : used[name] + (delta?.[name] ?? 0) > limit) out.push(name);
    }
    return out;
  }

  /** Fails with BUDGET_EXCEEDED, or (onExceeded 'interrupt') asks a person and applies the answer; returns what is still crossed. */
  #over(exceeded: BudgetLimitName[], delta: UsageDelta | undefined): BudgetLimitName[] {
    const budget = this.#limits!;
    const used = { ...this.used };
    if (budget.onExceeded !== 'interrupt') throw budgetExceeded(budget, used, exceeded);
    const info: BudgetInterruptInfo = { type: 'budget', budget: { ...budget }, used, exceeded };
    const answer = interrupt(info, { resume: budgetResumeSchema });
    if ('stop' in answer) throw budgetExceeded(budget, used, exceeded);
    this.#apply(answer);
    return this.#exceeded(delta);
  }

  #apply(answer: Exclude<BudgetResume, { stop: true }>): void {
    const budget = this.#limits ?? {};
    const used = this.used;
    const next: Budget = { ...budget };
    if ('extend' in answer)
      for (const [k, v] of Object.entries(answer.extend))
        next[k as BudgetLimitName] = (budget[k as BudgetLimitName] ?? used[k as BudgetLimitName]) + v;
    else Object.assign(next, answer.budget);
    this.#limits = next;
    this.#changed = true;
  }

  /**
   * Answers to budget interrupts this node met before it ran again, taken in
   * call order, so that every later `interrupt()` of the node keeps its own
   * answer. A new one is applied here; one from an earlier run is only
   * taken: its change is already in the budget, and a `stop` it said then is
   * over (the thread was resumed since).
   */
  #replay(): void {
    const scope = nodeScope.getStore();
    if (!scope) return;
    while (scope.calls < scope.resume.length && isBudgetAnswer(scope.resume[scope.calls])) {
      const id = `${scope.address}#${scope.calls}`;
      const answer = interrupt(undefined, { resume: budgetResumeSchema });
      if (!this.answers.has(id)) continue;
      if ('stop' in answer) {
        const limits = this.#limits ?? {};
        throw budgetExceeded(limits, { ...this.used }, this.#limits ? this.#exceeded(undefined) : []);
      }
      this.#apply(answer);
    }
  }
}

/**
 * BUDGET_EXCEEDED with what was set, what was spent, and which limits.
 *
 * @example
 * throw budgetExceeded(ctx.budget.limits ?? {}, { ...ctx.budget.used }, ['toolCalls']);
 */
export function budgetExceeded(budget: Budget, used: Usage, exceeded: BudgetLimitName[]): WeftError {
  const which = exceeded.map((name) => `${name} ${used[name]} of ${budget[name]}`).join(', ');
  return new WeftError(
    'BUDGET_EXCEEDED',
    `the thread's budget is spent (${which}); resume it with a larger budget (resume({ budget })), or set onExceeded: 'interrupt' to be asked for more`,
    { details: { budget: { ...budget }, used: { ...used }, exceeded } },
  );
}

const NO_ANSWERS: { has(id: string): boolean } = new Set<string>();

/** Whether a resume value is an answer to a budget interrupt ({ extend } | { budget } | { stop: true }). */
function isBudgetAnswer(value: unknown): boolean {
  const result = budgetResumeSchema['~standard'].validate(value);
  return !(result instanceof Promise) && result.issues === undefined;
}

export function zeroUsage(): Usage {
  return { tokens: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, modelCalls: 0, toolCalls: 0, wallMs: 0 };
}

function checkDelta(delta: UsageDelta, where: string): void {
  if (delta === null || typeof delta !== 'object')
    throw new WeftError('INVALID_ARGUMENT', `${where}: pass an object, e.g. { toolCalls: 1 }`);
  for (const field of USAGE_FIELDS) {
    const v = delta[field];
    if (v !== undefined && (typeof v !== 'number' || !(v >= 0) || !Number.isFinite(v)))
      throw new WeftError('INVALID_ARGUMENT', `${where}: ${field} must be a finite number of at least 0, not ${String(v)}`);
  }
}
