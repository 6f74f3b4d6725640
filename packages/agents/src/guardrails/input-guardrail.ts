import type { Message } from '@weft/chat-model';
import type { Guardrail, GuardrailContext, GuardrailVerdict } from '@weft/graph';
import { guardrailDefinition } from './guardrail-definition.ts';

/** A check of a run's input messages, once per run per agent (see inputGuardrail). */
export interface InputGuardrail extends Guardrail<Message[]> {
  readonly kind: 'input';
  readonly mode: 'before' | 'parallel';
}

export interface InputGuardrailConfig {
  name: string;
  check(messages: Message[], ctx: GuardrailContext): GuardrailVerdict<Message[]> | Promise<GuardrailVerdict<Message[]>>;
  /**
   * 'before' (default): the model is called once the check passed. 'parallel':
   * the model call starts at once and its streamed chunks are held until the
   * check passed; a trip aborts the call (the model's signal) and a rewrite
   * aborts it and calls again with the rewritten input.
   */
  mode?: 'before' | 'parallel';
  /** Let the input through when the check throws (dangerous: a broken check then checks nothing). */
  failOpen?: boolean;
}

/**
 * A guardrail on the run's input messages (`state.input`), run at the agent's
 * first model call of the run and recorded in the state, so a resumed run
 * does not check again. A rewrite replaces the input this agent's model calls
 * are sent for the rest of the run.
 *
 * @example
 * const onTopic = inputGuardrail({
 *   name: 'on-topic',
 *   mode: 'parallel',
 *   check: (messages) => (textOf(messages.at(-1)!.content).includes('homework') ? { action: 'trip', reason: 'homework' } : { action: 'pass' }),
 * });
 * chatModelAgent({ name: 'tutor', description: '', model, guardrails: { input: [onTopic] } });
 */
export function inputGuardrail(config: InputGuardrailConfig): InputGuardrail {
  const base = guardrailDefinition(config, 'inputGuardrail()');
  const mode = config.mode ?? 'before';
  if (mode !== 'before' && mode !== 'parallel')
    throw base.invalid(`mode must be 'before' or 'parallel', got ${JSON.stringify(config.mode)}`);
  return Object.freeze({ ...base.guardrail, kind: 'input' as const, mode });
}
