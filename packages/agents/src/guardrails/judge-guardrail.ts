import { systemMessage, textOf, userMessage, type ChatModel, type Message } from '@weft/chat-model';
import type { Guardrail, GuardrailContext, GuardrailVerdict } from '@weft/graph';
import { guardrailDefinition } from './guardrail-definition.ts';

export interface JudgeGuardrailConfig {
  name: string;
  /** The judge: asked for a structured verdict `{ pass, reason }`. */
  model: ChatModel;
  /** What the judge checks for, e.g. "Fail any text that gives medical advice." */
  instruction: string;
  /** Let the value through when the judge fails or answers something else than a verdict (dangerous). */
  failOpen?: boolean;
}

/** The structured output the judge is asked for. */
const VERDICT = {
  name: 'guardrail_verdict',
  description: 'Whether the text passes the check, and why.',
  schema: {
    type: 'object',
    properties: { pass: { type: 'boolean' }, reason: { type: 'string' } },
    required: ['pass', 'reason'],
    additionalProperties: false,
  },
};

/**
 * A guardrail whose check is an LLM judge: the model gets the instruction and
 * the value (text as is, messages as a transcript, anything else as JSON) and
 * answers with the structured verdict `{ pass, reason }`; `pass: false` trips
 * with its reason. An answer that is not such a verdict is a failed check
 * (GUARDRAIL_FAILED unless failOpen). Use it as any kind: as an input or
 * output guardrail (spread it into inputGuardrail / outputGuardrail), or as a
 * tool guardrail's `before` / `after` (its `check`), or on a graph node.
 *
 * @example
 * const judge = judgeGuardrail({ name: 'no-medical-advice', model: judgeModel, instruction: 'Fail text that gives medical advice.' });
 * chatModelAgent({ name: 'helper', description: '', model, guardrails: { output: [outputGuardrail(judge)] } });
 */
export function judgeGuardrail(config: JudgeGuardrailConfig): Guardrail<unknown> & { failOpen: boolean } {
  const check = async (value: unknown, ctx: GuardrailContext): Promise<GuardrailVerdict<unknown>> => {
    const messages = [systemMessage(config.instruction), userMessage(render(value))];
    const answer = await config.model.generate(messages, { tools: [], signal: ctx.signal, output: VERDICT });
    const verdict = parse(textOf(answer));
    return verdict.pass ? { action: 'pass' } : { action: 'trip', reason: verdict.reason };
  };
  const base = guardrailDefinition({ name: config?.name, check, failOpen: config?.failOpen }, 'judgeGuardrail()');
  if (!config.model || typeof config.model.generate !== 'function')
    throw base.invalid(`guardrail "${config.name}": model must be a ChatModel`);
  if (typeof config.instruction !== 'string' || config.instruction === '')
    throw base.invalid(`guardrail "${config.name}": instruction must be a non-empty string`);
  return Object.freeze(base.guardrail);
}

function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every(isMessage)) return value.map((m) => `${m.role}: ${textOf(m.content)}`).join('\n');
  return JSON.stringify(value) ?? String(value);
}

const isMessage = (m: unknown): m is Message => m !== null && typeof m === 'object' && typeof (m as Message).role === 'string';

function parse(text: string): { pass: boolean; reason: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`the judge's answer is not JSON: ${text.slice(0, 80)}`);
  }
  const { pass, reason } = (v ?? {}) as { pass?: unknown; reason?: unknown };
  if (typeof pass !== 'boolean' || typeof reason !== 'string')
    throw new Error(`the judge's answer is not a verdict { pass, reason }: ${text.slice(0, 80)}`);
  return { pass, reason };
}
