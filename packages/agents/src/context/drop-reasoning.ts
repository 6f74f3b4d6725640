import type { ContentPart, Message } from '@weft/chat-model';
import type { ContextPolicy } from './context-policy.ts';

/**
 * A policy that leaves the model's earlier reasoning out of its input: every
 * `reasoning` part goes, and a message left with no content at all keeps an
 * empty string. Reasoning is often the largest part of a reasoning model's
 * turns and most providers ignore it on the way back; keep it (leave this
 * policy out) for providers that need it returned within a tool loop with
 * its signature (Anthropic's extended thinking).
 *
 * @example
 * chatModelAgent({ name: 'Helper', description: '', model, context: [dropReasoning()] });
 */
export function dropReasoning(): ContextPolicy {
  return (window) => {
    let changed = false;
    const messages = window.messages.map((message) => {
      const next = withoutReasoning(message);
      if (next !== message) changed = true;
      return next;
    });
    return changed ? { ...window, messages } : window;
  };
}

function withoutReasoning(message: Message): Message {
  if (typeof message.content === 'string' || !message.content.some((p) => p.type === 'reasoning')) return message;
  const kept: ContentPart[] = message.content.filter((p) => p.type !== 'reasoning');
  return { ...message, content: kept.length ? kept : '' };
}
