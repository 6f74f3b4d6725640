import type { BudgetContext, UsageDelta } from '@weft/graph';
import { costOf, modelPrice, type ChatModel, type Message, type PriceTable } from '@weft/chat-model';
import { agentBudgetError } from './agent-budget-error.ts';
import { tokenCounter } from '../context/token-counter.ts';
import { priceMissing } from './price-missing.ts';
import { priceKey } from './price-key.ts';

/** What a charged model call needs besides the call itself. */
export interface ModelCharge {
  budget: BudgetContext;
  agent: string;
  model: ChatModel;
  prices: PriceTable | undefined;
  messages: readonly Message[];
}

/**
 * One model call counted on the thread's budget: `{ modelCalls: 1 }` charged
 * before it (the budget refuses, or interrupts, before the model is called),
 * its tokens and cost recorded after. A model that reports no usage has its
 * tokens counted with the tokenizer the context policies use for it, and the
 * usage is marked estimated. Called only when the run has a budget.
 */
export async function chargedModelCall(c: ModelCharge, call: () => Promise<Message>): Promise<Message> {
  try {
    c.budget.charge({ modelCalls: 1 });
  } catch (err) {
    throw agentBudgetError(err, c.agent);
  }
  const message = await call();
  const delta = message.usage ? reported(message.usage) : await counted(c.model, c.messages, message);
  const price = modelPrice(priceKey(c.model), c.prices);
  if (price) delta.costUsd = costOf(delta as { inputTokens: number; outputTokens: number }, price);
  // Never a silent 0 where cost is budgeted: the run was checked before it started, this is the model a tool swapped in.
  else if (c.budget.limits?.costUsd !== undefined) throw priceMissing([priceKey(c.model)]);
  c.budget.record(delta);
  return message;
}

/**
 * A call made in a run without a budget, counted from the usage its model
 * reported (every provider adapter reports it): one model call, its tokens,
 * and its cost when the model has a price (an unpriced model adds tokens, no
 * cost). A model that reports nothing is not counted: estimating its tokens
 * costs a tokenizer pass over every message, paid only when a budget needs it.
 */
export function recordReportedUsage(
  budget: BudgetContext,
  model: ChatModel,
  prices: PriceTable | undefined,
  usage: { inputTokens: number; outputTokens: number },
): void {
  // A malformed report (a broken adapter's) is not counted rather than failing a run that set no budget.
  if (!(usage.inputTokens >= 0 && usage.outputTokens >= 0 && Number.isFinite(usage.inputTokens + usage.outputTokens))) return;
  const delta = reported(usage);
  delta.modelCalls = 1;
  const price = modelPrice(priceKey(model), prices);
  if (price) delta.costUsd = costOf(usage, price);
  budget.record(delta);
}

function reported(usage: { inputTokens: number; outputTokens: number }): UsageDelta {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, tokens: usage.inputTokens + usage.outputTokens };
}

async function counted(model: ChatModel, messages: readonly Message[], answer: Message): Promise<UsageDelta> {
  const counter = await tokenCounter(undefined, model);
  const inputTokens = counter.messages(messages as Message[]);
  const outputTokens = counter.message(answer);
  return { inputTokens, outputTokens, tokens: inputTokens + outputTokens, estimated: true };
}
