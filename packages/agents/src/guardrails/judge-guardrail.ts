import { modelPrice, systemMessage, textOf, userMessage, type ChatModel, type Message, type PriceTable } from '@weft/chat-model';
import type { Guardrail, GuardrailContext, GuardrailVerdict } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import { chargedModelCall, recordReportedUsage } from '../budget/charged-model-call.ts';
import { checkPrices } from '../budget/check-prices.ts';
import { priceKey } from '../budget/price-key.ts';
import { priceMissing } from '../budget/price-missing.ts';
import { Runner } from '../runner/runner.ts';
import { guardrailDefinition } from './guardrail-definition.ts';
import { judgeAgentRun } from './judge-agent-run.ts';

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
  /**
   * Prices by model id for the judge's calls, over @weft/chat-model's table
   * (as the Runner's `prices`): what its calls cost on the checked run's budget.
   */
  prices?: PriceTable;
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
 * The judge's calls count on the checked run's budget like the run's own
 * (see docs/agents/budgets.md): a budget that refuses them stops the run
 * with BUDGET_EXCEEDED (or its budget interrupt), even with failOpen.
 *
 * @example
 * const judge = judgeGuardrail({ name: 'no-medical-advice', model: judgeModel, instruction: 'Fail text that gives medical advice.' });
 * chatModelAgent({ name: 'helper', description: '', model, guardrails: { output: [outputGuardrail(judge)] } });
 */
export function judgeGuardrail(config: JudgeGuardrailConfig): Guardrail<unknown> & { failOpen: boolean } {
  let runner: Runner | undefined;
  const check = async (value: unknown, ctx: GuardrailContext): Promise<GuardrailVerdict<unknown>> => {
    const { agent, model, instruction } = config;
    let verdict: Verdict;
    if (agent) {
      // One Runner per judge: a Runner compiles its agent's graph once, and a judge checks every turn.
      runner ??= new Runner({ agent, ...(config.prices ? { prices: config.prices } : {}) });
      verdict = await askAgent(runner, config, `${instruction}\n\n${render(value)}`, ctx);
    } else verdict = await askModel(config, model!, render(value), ctx);
    return verdict.pass ? { action: 'pass' } : { action: 'trip', reason: verdict.reason };
  };
  const base = guardrailDefinition({ name: config?.name, check, failOpen: config?.failOpen }, 'judgeGuardrail()');
  if ((config.model === undefined) === (config.agent === undefined))
    throw base.invalid(`guardrail "${config.name}" takes a model or an agent (one of them)`);
  if (config.model !== undefined && typeof config.model?.generate !== 'function')
    throw base.invalid(`guardrail "${config.name}": model must be a ChatModel`);
  if (typeof config.instruction !== 'string' || config.instruction === '')
    throw base.invalid(`guardrail "${config.name}": instruction must be a non-empty string`);
  checkPrices(config.prices, 'judgeGuardrail()');
  return Object.freeze(base.guardrail);
}

/**
 * The model judge's one call, counted on the checked run's ledger as the
 * agent's own calls are: charged before (a budget that refuses it stops the
 * run before the judge is called) and its tokens and cost recorded after;
 * in a run without a budget, the usage the model reported.
 */
async function askModel(config: JudgeGuardrailConfig, model: ChatModel, text: string, ctx: GuardrailContext): Promise<Verdict> {
  const messages = [systemMessage(config.instruction), userMessage(text)];
  const call = () => model.generate(messages, { tools: [], signal: ctx.signal, output: VERDICT });
  const { budget } = ctx;
  let answer: Message;
  if (budget?.limits !== undefined) {
    // Checked before the call, not after it (as the agent's own calls are, once the Runner checked its tree): nothing is spent unpriced.
    if (budget.limits.costUsd !== undefined && !modelPrice(priceKey(model), config.prices))
      throw priceMissing([priceKey(model)], 'judgeGuardrail');
    const agent = ctx.agent ?? ctx.node ?? config.name;
    answer = await chargedModelCall({ budget, agent, model, prices: config.prices, messages }, call);
  } else {
    answer = await call();
    if (budget && answer.usage) recordReportedUsage(budget, model, config.prices, answer.usage);
  }
  return parse(textOf(answer));
}

/** The agent judge's run (within what is left of the checked run's budget); its final output is the verdict. */
async function askAgent(runner: Runner, config: JudgeGuardrailConfig, text: string, ctx: GuardrailContext): Promise<Verdict> {
  const result = await judgeAgentRun(runner, config.prices, text, ctx, ctx.agent ?? ctx.node ?? config.name);
  if (result.status !== 'done')
    throw new Error(
      `the judge agent "${config.agent!.name}" ended with ${result.status}${result.error ? `: ${result.error.message}` : ''}`,
    );
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
