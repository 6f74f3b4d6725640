import type { Message } from '@weft/chat-model';

/**
 * Messages as plain text for a model to read (a summary's input): one
 * paragraph per message, `role: text`, tool calls and results named. The
 * reasoning is left out; a part without text is named by its type
 * (`[image]`), so the summary knows it was there.
 */
export function transcriptOf(messages: readonly Message[]): string {
  return messages
    .map((m) => {
      const lines = [`${m.role === 'tool' ? `tool ${m.name ?? ''}` : m.role}: ${contentText(m.content)}`];
      for (const call of m.toolCalls ?? []) lines.push(`(called ${call.name} with ${call.arguments})`);
      return lines.join('\n');
    })
    .join('\n\n');
}

function contentText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  return content
    .filter((p) => p.type !== 'reasoning')
    .map((p) => (p.type === 'text' ? p.text : `[${p.type}]`))
    .join('');
}
