import type { ContentPart } from '@weft/chat-model';
import type { GuardrailContext, GuardrailVerdict } from '@weft/graph';
import { guardrailDefinition } from './guardrail-definition.ts';

/** A tool's result as the model would see it. */
export type ToolResultContent = string | ContentPart[];

type Check<T> = (value: T, ctx: GuardrailContext) => GuardrailVerdict<T> | Promise<GuardrailVerdict<T>>;

/** Checks around a tool call (see toolGuardrail). */
export interface ToolGuardrail {
  readonly kind: 'tool';
  readonly name: string;
  /** The tools it checks (default: every tool of the agent). */
  readonly tools: readonly string[] | undefined;
  readonly before: Check<unknown> | undefined;
  readonly after: Check<ToolResultContent> | undefined;
  readonly onTrip: 'reject' | 'halt';
  readonly failOpen: boolean;
}

export interface ToolGuardrailConfig {
  name: string;
  tools?: readonly string[];
  /** On the call's checked arguments, after any approval; a rewrite gives new arguments (checked by the tool's schema again). */
  before?: Check<unknown>;
  /** On the tool's result content; a rewrite replaces what the model and the history get. */
  after?: Check<ToolResultContent>;
  /**
   * 'reject' (default): the call is not run (before) or its result withheld
   * (after); the model gets a tool error naming the guardrail and the reason.
   * 'halt': the agent fails with GUARDRAIL_TRIPPED.
   */
  onTrip?: 'reject' | 'halt';
  /** Let the call through when a check throws (dangerous: a broken check then checks nothing). */
  failOpen?: boolean;
}

/**
 * A guardrail on tool calls: `before` on the arguments, `after` on the result.
 *
 * @example
 * const noProdDeletes = toolGuardrail({
 *   name: 'no-prod-deletes',
 *   tools: ['delete_rows'],
 *   before: (args) => ((args as { env: string }).env === 'prod' ? { action: 'trip', reason: 'prod is read-only' } : { action: 'pass' }),
 * });
 */
export function toolGuardrail(config: ToolGuardrailConfig): ToolGuardrail {
  const check = () => ({ action: 'pass' }) as const;
  const base = guardrailDefinition({ name: config?.name, check, failOpen: config?.failOpen }, 'toolGuardrail()');
  const { before, after, tools } = config;
  if (before === undefined && after === undefined) throw base.invalid(`guardrail "${config.name}" needs a before or an after check`);
  if ((before !== undefined && typeof before !== 'function') || (after !== undefined && typeof after !== 'function'))
    throw base.invalid(`guardrail "${config.name}": before and after must be functions`);
  if (tools !== undefined && (!Array.isArray(tools) || tools.some((t) => typeof t !== 'string')))
    throw base.invalid(`guardrail "${config.name}": tools must be a list of tool names`);
  const onTrip = config.onTrip ?? 'reject';
  if (onTrip !== 'reject' && onTrip !== 'halt') throw base.invalid(`onTrip must be 'reject' or 'halt', got ${JSON.stringify(onTrip)}`);
  return Object.freeze({
    kind: 'tool' as const,
    name: config.name,
    tools: tools && Object.freeze([...tools]),
    before,
    after,
    onTrip,
    failOpen: base.guardrail.failOpen,
  });
}
