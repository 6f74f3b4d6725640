import { systemMessage, textOf, userMessage, type Message } from '@weft/chat-model';
import type { MemoryBank } from '@weft/memory';
import { AgentError } from '../errors.ts';
import type { MemoryNamespace, MemoryScope } from './memory-scope.ts';
import { memoryText } from './memory-text.ts';

/**
 * A chat-model agent's long-term memory (`chatModelAgent({ memory })`):
 * before each model call, one search of `bank` under the namespace for the
 * newest user message, and what it finds goes into the call's input.
 */
export interface AgentMemory {
  bank: MemoryBank;
  /** A fixed namespace, or one made from session values (`(s) => ['users', s.userId]`). */
  namespace: MemoryNamespace;
  /** `shared` (default) or `thread` (see MemoryScope). */
  scope?: MemoryScope;
  recall?: {
    /** At most this many memories per call (default 5). */
    k?: number;
    /** Leave out memories scoring under this. */
    minScore?: number;
    /** What to search for, from the call's messages (default: the text of the newest user message). Nothing to search for: no recall. */
    query?: (messages: readonly Message[]) => string | undefined;
  };
  /**
   * Where the memories go: `system` (default), a system message after the
   * leading ones; `message`, a user message just before the newest one.
   */
  into?: 'system' | 'message';
}

/** The heading of the recalled block, as the model reads it. */
export const RECALLED_HEADING = 'Memories from earlier conversations that may be relevant:';

/** Checks the option when the agent is defined. */
export function checkAgentMemory(memory: unknown, agent: string): void {
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `chatModelAgent ${JSON.stringify(agent)}: memory ${msg}`);
  if (typeof memory !== 'object' || memory === null) throw bad('must be { bank, namespace, scope?, recall?, into? }');
  const m = memory as Partial<AgentMemory>;
  if (typeof m.bank !== 'object' || m.bank === null || typeof m.bank.search !== 'function') throw bad('.bank must be a MemoryBank');
  if (typeof m.namespace !== 'function' && !Array.isArray(m.namespace))
    throw bad('.namespace must be a list of segments or a function of the session values');
  if (m.scope !== undefined && m.scope !== 'shared' && m.scope !== 'thread') throw bad(".scope must be 'shared' or 'thread'");
  if (m.into !== undefined && m.into !== 'system' && m.into !== 'message') throw bad(".into must be 'system' or 'message'");
  const k = m.recall?.k;
  if (k !== undefined && (!Number.isInteger(k) || k < 1 || k > 100)) throw bad('.recall.k must be a whole number from 1 to 100');
}

/** The default query: the text of the newest user message. */
export function newestUserText(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return textOf(messages[i]!).trim() || undefined;
  return undefined;
}

/** The call's messages with the recalled block where `into` says, and the block's index. */
export function withRecalled(
  messages: readonly Message[],
  lines: readonly string[],
  into: 'system' | 'message',
): { messages: Message[]; at: number } {
  const text = `${RECALLED_HEADING}\n${lines.join('\n')}`;
  let at: number;
  if (into === 'system') {
    at = 0;
    while (at < messages.length && messages[at]!.role === 'system') at++;
  } else {
    at = messages.length - 1;
    while (at >= 0 && messages[at]!.role !== 'user') at--;
    if (at < 0) at = messages.length;
  }
  const block = into === 'system' ? systemMessage(text) : userMessage(text);
  return { messages: [...messages.slice(0, at), block, ...messages.slice(at)], at };
}

/** One recalled memory as a line of the block. */
export const recalledLine = (item: { key: string; value: unknown }): string => `- [${item.key}] ${memoryText(item.value)}`;
