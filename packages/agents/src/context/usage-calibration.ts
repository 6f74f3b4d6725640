import type { Message } from '@weft/chat-model';

/**
 * What an agent keeps, in its context record, about a model call whose
 * tokens were estimated (characters / 4): the estimate of the input it sent,
 * how many answers with reported usage the history held before that call,
 * and the scale in use. At the next call, the provider's reported input
 * tokens for that call's answer, over the estimate, is the new scale.
 */
export interface SentEstimate {
  estimated: number;
  answers: number;
  scale: number;
}

/** The key of the SentEstimate in the agent's context record. */
export const SENT_ESTIMATE_KEY = 'tokens.sent';

/**
 * The bounds of the scale: the reported count also holds the tool
 * definitions, which the estimate leaves out, so one call with many tools
 * and a short history could otherwise make every later estimate several
 * times too high; and a provider that reports nothing sensible must not
 * shrink the budget to nothing.
 */
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;

function answersWithUsage(messages: readonly Message[]): Message[] {
  return messages.filter((m) => m.role === 'assistant' && m.usage !== undefined && m.usage.inputTokens > 0);
}

function isSentEstimate(value: unknown): value is SentEstimate {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return [v['estimated'], v['answers'], v['scale']].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);
}

/**
 * The scale for this call's estimates: from the answer to the call recorded
 * in `recorded` when the history now holds exactly one more answer with
 * usage (that answer), else the scale recorded then (1 at first). A history
 * that changed in between (another thread's input, a fork that rewrote it)
 * keeps the older scale rather than compare counts of different inputs.
 */
export function usageScale(recorded: unknown, messages: readonly Message[]): number {
  if (!isSentEstimate(recorded)) return 1;
  const answers = answersWithUsage(messages);
  if (answers.length !== recorded.answers + 1 || recorded.estimated === 0) return clamp(recorded.scale || 1);
  return clamp(answers.at(-1)!.usage!.inputTokens / recorded.estimated);
}

/** The record to keep for this call: `estimated` is the unscaled estimate of what it sends. */
export function sentEstimate(history: readonly Message[], estimated: number, scale: number): SentEstimate {
  return { estimated, answers: answersWithUsage(history).length, scale };
}

const clamp = (scale: number): number => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
