import type { ChatModel } from './chat-model.ts';
import { ChatModelError } from './errors.ts';
import type { Message } from './message.ts';

/**
 * Refuses messages the model cannot take, before any request: the first
 * image, file or audio part whose type is not in `model.accepts` throws
 * `UNSUPPORTED_CONTENT` naming the message index, part index, part type and
 * the model. Text and reasoning always pass. Models call it at the start of
 * `generate` and `stream` (the ones in @weft/models do); without it a provider
 * would refuse the request after a round trip, or a text-only model would
 * silently answer without seeing the image.
 *
 * @example
 * checkContent([userMessage([{ type: 'image', url: 'https://example.com/a.png' }])], { name: 'text-only', generate, stream });
 * // throws ChatModelError: UNSUPPORTED_CONTENT — message 0, part 0 is an image; model "text-only" takes text only …
 */
export function checkContent(messages: readonly Message[], model: Pick<ChatModel, 'name' | 'accepts'>): void {
  const accepts = model.accepts ?? [];
  for (const [messageIndex, message] of messages.entries()) {
    if (typeof message.content === 'string') continue;
    for (const [partIndex, part] of message.content.entries()) {
      if (part.type === 'text' || part.type === 'reasoning' || accepts.includes(part.type)) continue;
      const takes = accepts.length ? `text and ${accepts.join(', ')}` : 'text only';
      throw new ChatModelError(
        'UNSUPPORTED_CONTENT',
        `message ${messageIndex}, part ${partIndex} is ${/^[aeiou]/.test(part.type) ? 'an' : 'a'} ${part.type} part; model "${model.name}" takes ${takes}: ` +
          `use a model that accepts ${part.type} parts, or remove the part`,
        { model: model.name, messageIndex, partIndex, partType: part.type, accepts },
      );
    }
  }
}
