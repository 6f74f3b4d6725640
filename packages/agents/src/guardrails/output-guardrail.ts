import { checkReleaseEvery, type Guardrail, type GuardrailContext, type GuardrailVerdict, type ReleaseEvery } from '@weft/graph';
import { AgentError } from '../errors.ts';
import { guardrailDefinition } from './guardrail-definition.ts';

/** A check of an agent's final answer (see outputGuardrail). */
export interface OutputGuardrail extends Guardrail<unknown> {
  readonly kind: 'output';
  readonly releaseEvery: ReleaseEvery;
}

export interface OutputGuardrailConfig {
  name: string;
  /**
   * Gets the answer's text; for the whole answer of an agent with an
   * outputSchema (`ctx.final`), its validated value. While a streamed answer
   * is checked window by window, `ctx.final` is false and the value is the
   * text so far.
   */
  check(output: unknown, ctx: GuardrailContext): GuardrailVerdict<unknown> | Promise<GuardrailVerdict<unknown>>;
  /** When the Runner streams: chunks are released after each sentence (default) or every n characters that passed. */
  releaseEvery?: ReleaseEvery;
  /** Let the answer through when the check throws (dangerous: a broken check then checks nothing). */
  failOpen?: boolean;
}

/**
 * A guardrail on an agent's final answer (one without tool calls). A rewrite
 * replaces the answer before it is recorded: the history, the outputKey and
 * the run's final output have the replacement. When the Runner streams, the
 * answer's chunks are held and released in windows once the guardrails
 * passed the text so far; on a trip no held text is ever emitted.
 *
 * @example
 * const noCards = outputGuardrail({
 *   name: 'no-card-numbers',
 *   check: (text) => (/\d{4} \d{4} \d{4} \d{4}/.test(String(text)) ? { action: 'trip', reason: 'a card number' } : { action: 'pass' }),
 * });
 */
export function outputGuardrail(config: OutputGuardrailConfig): OutputGuardrail {
  const base = guardrailDefinition(config, 'outputGuardrail()');
  try {
    checkReleaseEvery(config.releaseEvery, `outputGuardrail() "${config.name}":`);
  } catch (err) {
    throw new AgentError('GUARDRAIL_INVALID', (err as Error).message);
  }
  return Object.freeze({ ...base.guardrail, kind: 'output' as const, releaseEvery: config.releaseEvery ?? 'sentence' });
}
