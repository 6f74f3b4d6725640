import type { Message } from '@weft/chat-model';
import { AgentError } from '../errors.ts';
import type { ContextPolicy } from './context-policy.ts';
import { checkTokenizer, type Tokenizer } from './token-counter.ts';
import { turnGroups } from './turn-groups.ts';

export interface TrimOptions {
  /** How tokens are counted (default: from the model's name; see Tokenizer). */
  tokenizer?: Tokenizer;
}

/**
 * A policy that leaves the oldest turns out until the input fits `maxTokens`.
 * It always keeps the system messages, the first user message (usually the
 * task) and the newest turn; it never separates an assistant's tool calls
 * from their results (see turnGroups). When those alone are over the budget,
 * they are sent as they are, and the provider decides. Each call that leaves
 * something out shows a `context` event of kind `trim`.
 *
 * Tokens are counted with the model's own tokenizer for OpenAI models
 * (gpt-tokenizer, loaded on first use), else estimated (see Tokenizer):
 * leave room for the answer and the tool definitions, which are not counted.
 *
 * @example
 * chatModelAgent({ name: 'Helper', description: '', model, context: [trimToTokens(100_000)] });
 */
export function trimToTokens(maxTokens: number, options: TrimOptions = {}): ContextPolicy {
  if (!Number.isInteger(maxTokens) || maxTokens < 1)
    throw new AgentError('INVALID_ARGUMENT', `trimToTokens: maxTokens must be a positive integer (got ${String(maxTokens)})`);
  checkTokenizer(options.tokenizer, 'trimToTokens');
  return async (window, step) => {
    const counter = await step.countTokens(options.tokenizer);
    const { kept, tokens } = trimMessages(window.messages, maxTokens, (m) => counter.message(m));
    const dropped = window.messages.length - kept.length;
    if (dropped === 0) return window;
    step.emit({ kind: 'trim', dropped, tokens });
    const { cacheBreakpoints: _stale, ...rest } = window;
    return { ...rest, messages: kept };
  };
}

/**
 * The trimming itself, for a counter of one message: groups go oldest first
 * until the total fits; the pinned ones (system messages, the first user
 * message, the last group) stay.
 */
export function trimMessages(
  messages: readonly Message[],
  maxTokens: number,
  count: (message: Message) => number,
): { kept: Message[]; tokens: number } {
  const groups = turnGroups(messages);
  const firstUser = messages.findIndex((m) => m.role === 'user');
  const cost = groups.map(([from, to]) => {
    let n = 0;
    for (let i = from; i < to; i++) n += count(messages[i]!);
    return n;
  });
  let tokens = cost.reduce((a, b) => a + b, 0);
  const drop = new Set<number>();
  for (let g = 0; g < groups.length - 1 && tokens > maxTokens; g++) {
    const [from] = groups[g]!;
    if (messages[from]!.role === 'system' || from === firstUser) continue;
    drop.add(g);
    tokens -= cost[g]!;
  }
  const kept: Message[] = [];
  groups.forEach(([from, to], g) => {
    if (!drop.has(g)) for (let i = from; i < to; i++) kept.push(messages[i]!);
  });
  return { kept, tokens };
}
