import type { ContentPart } from './content-part.ts';
import type { Message } from './message.ts';

/**
 * The text of a message or of its content: a string as it is, the text parts
 * of an array joined in order. Reasoning is not the answer and is left out;
 * so are images, files and audio (they have no text). Use it wherever a
 * string is needed: logs, traces, a transcript, a prompt for a text-only model.
 *
 * @example
 * textOf({ role: 'user', content: [{ type: 'text', text: 'What is ' }, { type: 'image', url: 'https://example.com/a.png' }, { type: 'text', text: 'this?' }] });
 * // 'What is this?'
 */
export function textOf(value: Message | string | readonly ContentPart[]): string {
  const content = typeof value === 'string' || Array.isArray(value) ? value : (value as Message).content;
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content) if (part.type === 'text') text += part.text;
  return text;
}
