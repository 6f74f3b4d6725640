import { systemMessage, textOf, userMessage, type ChatModel, type Message } from '@weft/chat-model';
import type { Guardrail, GuardrailContext, GuardrailVerdict } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import { Runner } from '../runner/runner.ts';
import { guardrailDefinition } from './guardrail-definition.ts';

export interface JudgeGuardrailConfig {
  name: string;
  /** The judge: a model asked for a structured verdict `{ pass, reason }`… */
  model?: ChatModel;
  /**
   * …or an agent run on the instruction and the value (a fresh run, no
   * store): its final output is the verdict (an object, or JSON text).
   */
  agent?: Agent;
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
    const { agent, model, instruction } = config;
    const verdict = agent ? await askAgent(agent, instruction, value, ctx.signal) : await askModel(model!, instruction, value, ctx.signal);
    return verdict.pass ? { action: 'pass' } : { action: 'trip', reason: verdict.reason };
  };
  const base = guardrailDefinition({ name: config?.name, check, failOpen: config?.failOpen }, 'judgeGuardrail()');
  if ((config.model === undefined) === (config.agent === undefined))
    throw base.invalid(`guardrail "${config.name}" takes a model or an agent (one of them)`);
  if (config.model !== undefined && typeof config.model?.generate !== 'function')
    throw base.invalid(`guardrail "${config.name}": model must be a ChatModel`);
  if (typeof config.instruction !== 'string' || config.instruction === '')
    throw base.invalid(`guardrail "${config.name}": instruction must be a non-empty string`);
  return Object.freeze(base.guardrail);
}

async function askModel(model: ChatModel, instruction: string, value: unknown, signal: AbortSignal): Promise<Verdict> {
  const answer = await model.generate([systemMessage(instruction), userMessage(render(value))], { tools: [], signal, output: VERDICT });
  return parse(textOf(answer));
}

/** One Runner per judge agent: a Runner compiles its agent's graph once, and a judge checks every turn. */
const runners = new WeakMap<Agent, Runner>();

async function askAgent(agent: Agent, instruction: string, value: unknown, signal: AbortSignal): Promise<Verdict> {
  let runner = runners.get(agent);
  if (!runner) runners.set(agent, (runner = new Runner({ agent })));
  const result = await runner.query(`${instruction}\n\n${render(value)}`, { signal });
  if (result.status !== 'done')
    throw new Error(`the judge agent "${agent.name}" ended with ${result.status}${result.error ? `: ${result.error.message}` : ''}`);
  const out = result.finalOutput;
  return typeof out === 'string' ? parse(out) : verdictOf(out, JSON.stringify(out) ?? String(out));
}

interface Verdict {
  pass: boolean;
  reason: string;
}

function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every(isMessage)) return value.map((m) => `${m.role}: ${textOf(m.content)}`).join('\n');
  return JSON.stringify(value) ?? String(value);
}

const isMessage = (m: unknown): m is Message => m !== null && typeof m === 'object' && typeof (m as Message).role === 'string';

function parse(text: string): Verdict {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`the judge's answer is not JSON: ${text.slice(0, 80)}`);
  }
  return verdictOf(v, text);
}

function verdictOf(v: unknown, text: string): Verdict {
  const { pass, reason } = (v ?? {}) as { pass?: unknown; reason?: unknown };
  if (typeof pass !== 'boolean' || typeof reason !== 'string')
    throw new Error(`the judge's answer is not a verdict { pass, reason }: ${text.slice(0, 80)}`);
  return { pass, reason };
}
