import type { Message } from '@a2a-js/sdk';

/** What a client's message says: its text (text parts joined) and the value of its first data part, if any. */
export interface MessageInput {
  text: string;
  data: { value: unknown } | undefined;
}

/** Reads a client's message: the text of its text parts (one per line) and its first data part. */
export function messageInput(message: Message): MessageInput {
  const texts: string[] = [];
  let data: MessageInput['data'];
  for (const part of message.parts) {
    if (part.content?.$case === 'text') texts.push(part.content.value);
    else if (part.content?.$case === 'data' && data === undefined) data = { value: part.content.value };
  }
  return { text: texts.join('\n'), data };
}

/**
 * The value a message carries: its data part's, else its text read as JSON,
 * else the text itself. A resume value and a graph's input are read this way,
 * so a client that can only send text still answers `{"approved": true}`.
 */
export function messageValue(input: MessageInput): unknown {
  if (input.data) return input.data.value;
  try {
    return JSON.parse(input.text) as unknown;
  } catch {
    return input.text;
  }
}
