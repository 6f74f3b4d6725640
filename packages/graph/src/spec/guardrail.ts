import { WeftError } from '../errors.ts';
import type { BudgetContext } from './budget.ts';
import { channel, type Channel } from './channel.ts';

/** Where a guardrail checks: a value coming in, a value going out, a tool call's arguments or its result. */
export type GuardrailStage = 'input' | 'output' | 'tool-before' | 'tool-after';

/**
 * What a guardrail decides about a value: let it through, stop the run
 * (`trip`, with the reason the error and the events carry), or let a
 * replacement through instead (`rewrite`).
 */
export type GuardrailVerdict<T> =
  | { action: 'pass' }
  | { action: 'trip'; reason: string; details?: Record<string, unknown> }
  | { action: 'rewrite'; value: T; reason?: string };

/** What a guardrail's check is told besides the value. */
export interface GuardrailContext {
  stage: GuardrailStage;
  /** Aborted when the run is cancelled (or, for a parallel input guardrail, when its model call ended first). */
  signal: AbortSignal;
  /**
   * False while a stream is checked window by window: the value is the text so
   * far, more follows. True for the whole value (the last window, or a value
   * that was not streamed).
   */
  final: boolean;
  /** The graph node or agent whose value it is. */
  node?: string | undefined;
  agent?: string | undefined;
  /** The tool, for tool guardrails. */
  tool?: string | undefined;
  threadId?: string | undefined;
  /**
   * The checked run's budget ledger: a check that spends (an LLM judge's
   * model call) charges it, so the run's budget and usage count it like the
   * run's own calls. Undefined for a direct `applyGuardrails` call.
   */
  budget?: BudgetContext | undefined;
}

/**
 * A named check of a value. `failOpen: true` lets the value through when the
 * check itself throws (default: the run fails with GUARDRAIL_FAILED). That is
 * dangerous: a guardrail whose service is down then checks nothing.
 */
export interface Guardrail<T = unknown> {
  readonly name: string;
  check(value: T, ctx: GuardrailContext): GuardrailVerdict<T> | Promise<GuardrailVerdict<T>>;
  readonly failOpen?: boolean | undefined;
}

/**
 * What `guardrail()` takes: a Guardrail whose type comes from its check's
 * parameter alone. Inferred from the verdicts too, a check returning a
 * rewrite or a pass would widen it to `T | undefined` (the pass has no
 * `value`), which no node of type T accepts.
 */
export interface GuardrailDefinition<T> {
  readonly name: string;
  check(value: T, ctx: GuardrailContext): GuardrailVerdict<NoInfer<T>> | Promise<GuardrailVerdict<NoInfer<T>>>;
  readonly failOpen?: boolean | undefined;
}

/** How much streamed text is held before the guardrails check it: up to each sentence's end, or every n characters. */
export type ReleaseEvery = 'sentence' | number;

/** A node's guardrails (`addNode(name, fn, { guardrails })`). */
export interface NodeGuardrails<I = unknown, O = unknown> {
  /** Checked in order on the node's input before the node runs; a rewrite replaces the input. */
  input?: readonly Guardrail<I>[];
  /**
   * Checked in order on the node's output; a rewrite replaces it. For a node
   * that streams, its chunks become `node.chunk` events only once these
   * passed the text so far (see `releaseEvery`).
   */
  output?: readonly Guardrail<O | string>[];
  /** Windows a streamed output is checked in (default 'sentence'). */
  releaseEvery?: ReleaseEvery;
}

/**
 * What a guardrail did, on the `weft.guardrail` channel (a `node.custom`
 * event): a trip, a rewrite (with the original and the replacement), a check
 * that threw and was let through (`failed-open`), or a window of streamed
 * text released after the checks passed (`release`: how many characters were
 * held and for how long). A plain pass is not reported.
 */
export interface GuardrailEvent {
  name: string;
  stage: GuardrailStage;
  action: 'trip' | 'rewrite' | 'failed-open' | 'release';
  reason?: string | undefined;
  original?: unknown;
  replacement?: unknown;
  heldChars?: number | undefined;
  heldMs?: number | undefined;
}

/**
 * The channel guardrail events travel on.
 *
 * @example
 * run.channel(guardrailEvents).subscribe(({ node, data }) => console.log(node, data.name, data.action));
 */
export const guardrailEvents: Channel<GuardrailEvent> = channel<GuardrailEvent>('weft.guardrail');

/**
 * Defines a guardrail; a bad definition is a GUARDRAIL_INVALID error at once.
 *
 * @example
 * const noSecrets = guardrail({
 *   name: 'no-secrets',
 *   check: (text: string) => (/password/i.test(text) ? { action: 'trip', reason: 'mentions a password' } : { action: 'pass' }),
 * });
 * graph('g').addNode('answer', answerFn, { guardrails: { output: [noSecrets] } });
 */
export function guardrail<T = unknown>(def: GuardrailDefinition<T>): Guardrail<T> {
  checkGuardrail(def, 'guardrail()');
  return Object.freeze({ name: def.name, check: def.check, failOpen: def.failOpen === true });
}

/**
 * Refuses a malformed guardrail (GUARDRAIL_INVALID), naming `where`: for
 * layers that define guardrails of their own kinds.
 *
 * @example
 * checkGuardrail(def, 'inputGuardrail()'); // throws GUARDRAIL_INVALID: inputGuardrail() needs a non-empty string name
 */
export function checkGuardrail(def: unknown, where: string): void {
  const g = def as Partial<Guardrail> | null;
  if (g === null || typeof g !== 'object') throw invalid(where, 'takes { name, check }');
  if (typeof g.name !== 'string' || g.name === '') throw invalid(where, 'needs a non-empty string name');
  if (typeof g.check !== 'function') throw invalid(where, `guardrail "${g.name}" needs a check function`);
  if (g.failOpen !== undefined && typeof g.failOpen !== 'boolean')
    throw invalid(where, `guardrail "${g.name}": failOpen must be a boolean`);
}

/**
 * Refuses a list with a malformed guardrail or two guardrails of one name.
 *
 * @example
 * checkGuardrailList([noSecrets, noSecrets], 'guardrails.output'); // GUARDRAIL_INVALID: two guardrails are named "no-secrets"
 */
export function checkGuardrailList(list: unknown, where: string): void {
  if (!Array.isArray(list)) throw invalid(where, 'must be a list of guardrails');
  const seen = new Set<string>();
  for (const g of list) {
    checkGuardrail(g, where);
    const name = (g as Guardrail).name;
    if (seen.has(name)) throw invalid(where, `two guardrails are named "${name}"`);
    seen.add(name);
  }
}

/** Refuses a node's `guardrails` option that is malformed (GUARDRAIL_INVALID, naming the node). */
export function checkNodeGuardrails(value: unknown, node: string): void {
  const where = `node "${node}": guardrails`;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(where, 'must be { input?, output?, releaseEvery? }');
  const { input, output, releaseEvery, ...rest } = value as NodeGuardrails;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid(where, `has an unknown key "${extra}" (input, output, releaseEvery)`);
  if (input !== undefined) checkGuardrailList(input, `${where}.input`);
  if (output !== undefined) checkGuardrailList(output, `${where}.output`);
  checkReleaseEvery(releaseEvery, `${where}:`);
}

/** What is wrong with a node's `guardrails` option (the GUARDRAIL_INVALID message), or undefined. */
export function guardrailProblem(value: unknown, node: string): string | undefined {
  try {
    checkNodeGuardrails(value, node);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * Refuses a `releaseEvery` that is neither 'sentence' nor a positive integer.
 *
 * @example
 * checkReleaseEvery(0, 'outputGuardrail():'); // GUARDRAIL_INVALID
 */
export function checkReleaseEvery(value: unknown, where: string): void {
  if (value === undefined || value === 'sentence') return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw invalid(where, `releaseEvery must be 'sentence' or a positive whole number of characters, got ${String(value)}`);
}

function invalid(where: string, problem: string): WeftError {
  return new WeftError('GUARDRAIL_INVALID', `${where} ${problem}`);
}
