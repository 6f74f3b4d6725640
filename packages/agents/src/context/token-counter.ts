import { partsOf, type ChatModel, type Message } from '@weft/chat-model';
import { AgentError } from '../errors.ts';

/** Counts the tokens of a text. */
export type CountText = (text: string) => number;

/**
 * How a policy counts tokens: a tokenizer by name (`o200k_base`: GPT-4o,
 * GPT-4.1, GPT-5, o-series; `cl100k_base`: GPT-4, GPT-3.5), `estimate`
 * (characters / 4, rounded up: close for English prose, low for code and
 * non-Latin scripts), or a function of your own (a provider's tokenizer).
 * Left out, the model's name picks the tokenizer when it is an OpenAI model
 * and the estimate otherwise. Inside an agent, the estimate is scaled by the
 * input tokens the provider reported for the agent's previous call (see
 * ContextStep.countTokens).
 */
export type Tokenizer = 'o200k_base' | 'cl100k_base' | 'estimate' | CountText;

/**
 * Counts a message list: each message's text, reasoning and tool calls, plus
 * MESSAGE_OVERHEAD per message for the chat format's framing (OpenAI's
 * documented count is 3 to 4 tokens a message).
 */
export interface TokenCounter {
  /** How it counts: a tokenizer's name, `estimate`, or `custom` (a function of yours). */
  readonly kind: 'o200k_base' | 'cl100k_base' | 'estimate' | 'custom';
  message(message: Message): number;
  messages(messages: readonly Message[]): number;
}

const MESSAGE_OVERHEAD = 4;
/**
 * A part with no text (an image, a file, audio): what an OpenAI 1024×1024
 * image costs at high detail. Providers count media their own way; this is a
 * budget, not a bill.
 */
const MEDIA_TOKENS = 765;

/** A tokenizer option checked when the policy is made: a typo is a typed error, not a silent other tokenizer. */
export function checkTokenizer(tokenizer: unknown, where: string): void {
  if (tokenizer === undefined || typeof tokenizer === 'function') return;
  if (tokenizer !== 'o200k_base' && tokenizer !== 'cl100k_base' && tokenizer !== 'estimate')
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${where}: tokenizer must be 'o200k_base', 'cl100k_base', 'estimate' or a function of a text (got ${JSON.stringify(tokenizer)})`,
    );
}

export const estimateTokens: CountText = (text) => Math.ceil(text.length / 4);

/** The tokenizer an OpenAI model's name implies, or `estimate`. */
export function tokenizerFor(model: ChatModel): 'o200k_base' | 'cl100k_base' | 'estimate' {
  const name = (model.info?.request?.model ?? model.name).toLowerCase().replace(/^openai[:/]/, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|chatgpt|o[1-9])/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return 'estimate';
}

/**
 * The counter for a tokenizer. gpt-tokenizer's tables are loaded on first
 * use, so an agent that never counts does not pay for them at import:
 * bundled, `o200k_base` is 3.4 MB and took 170-210 ms to load here, while
 * the policies add 11 KB to what importing @weft/agents loads (982 KB before).
 * `scale` multiplies the estimate's counts (see usageScale), never a tokenizer's.
 */
export async function tokenCounter(tokenizer: Tokenizer | undefined, model: ChatModel, scale = 1): Promise<TokenCounter> {
  const chosen = tokenizer === undefined ? tokenizerFor(model) : tokenizer;
  const count = await countTextOf(chosen);
  const kind = typeof chosen === 'function' ? 'custom' : chosen;
  const factor = kind === 'estimate' ? scale : 1;
  const counted = (m: Message): number => {
    let tokens = MESSAGE_OVERHEAD + count(m.role);
    // Reasoning sent back is read as input too, so it counts (textOf leaves it out).
    for (const part of partsOf(m.content)) tokens += part.type === 'text' || part.type === 'reasoning' ? count(part.text) : MEDIA_TOKENS;
    for (const call of m.toolCalls ?? []) tokens += count(call.name) + count(call.arguments);
    return tokens;
  };
  const message = factor === 1 ? counted : (m: Message) => Math.ceil(counted(m) * factor);
  return { kind, message, messages: (list) => list.reduce((n, m) => n + message(m), 0) };
}

const loaded = new Map<string, Promise<CountText>>();

function countTextOf(tokenizer: Tokenizer): Promise<CountText> {
  if (typeof tokenizer === 'function') return Promise.resolve(tokenizer);
  if (tokenizer === 'estimate') return Promise.resolve(estimateTokens);
  let counter = loaded.get(tokenizer);
  if (!counter) {
    // A failed load is forgotten, so the next call tries again.
    counter = (
      tokenizer === 'o200k_base'
        ? import('gpt-tokenizer/encoding/o200k_base').then((m) => (text: string) => m.countTokens(text))
        : import('gpt-tokenizer/encoding/cl100k_base').then((m) => (text: string) => m.countTokens(text))
    ).catch((err: unknown) => {
      loaded.delete(tokenizer);
      throw err;
    });
    loaded.set(tokenizer, counter);
  }
  return counter;
}
