// The content-part contract of @weft/chat-model (which has no test runner of its own),
// and how the scripted model's chunks carry reasoning.
import {
  ChatModelError,
  checkContent,
  concatMessageChunks,
  partsOf,
  textOf,
  userMessage,
  type ContentPart,
  type Message,
} from '@weft/chat-model';
import { isWeftError, WeftError } from '@weft/common';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from './scripted-model.ts';
import { toChunks } from './to-chunks.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const parts: ContentPart[] = [
  { type: 'reasoning', text: 'The user wants a caption.' },
  { type: 'text', text: 'A cat ' },
  { type: 'image', mediaType: 'image/png', data: png },
  { type: 'text', text: 'on a mat.' },
];

describe('textOf and partsOf', () => {
  it('textOf joins the text parts in order, leaving out reasoning and media; a string is itself', () => {
    expect(textOf(parts)).toBe('A cat on a mat.');
    expect(textOf({ role: 'assistant', content: parts })).toBe('A cat on a mat.');
    expect(textOf('plain')).toBe('plain');
    expect(textOf(userMessage('hi'))).toBe('hi');
    expect(textOf([{ type: 'image', url: 'https://example.com/a.png' }])).toBe('');
  });

  it('partsOf makes a string one text part (none when empty) and returns a part list as it is', () => {
    expect(partsOf('hi')).toEqual([{ type: 'text', text: 'hi' }]);
    expect(partsOf('')).toEqual([]);
    expect(partsOf(parts)).toBe(parts);
  });
});

describe('checkContent', () => {
  const messages: Message[] = [
    { role: 'system', content: 'Describe images.' },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'hm' },
        { type: 'text', text: 'ok' },
      ],
    },
    userMessage([
      { type: 'text', text: 'What is this?' },
      { type: 'image', mediaType: 'image/png', data: png },
    ]),
  ];

  it('refuses the first part a model does not take: UNSUPPORTED_CONTENT naming message, part, type and model', () => {
    let caught: unknown;
    try {
      checkContent(messages, { name: 'text-only' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ChatModelError);
    const err = caught as ChatModelError;
    expect(err.code).toBe('UNSUPPORTED_CONTENT');
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(
      'message 2, part 1 is an image part; model "text-only" takes text only: use a model that accepts image parts, or remove the part',
    );
    expect(err.details).toEqual({ model: 'text-only', messageIndex: 2, partIndex: 1, partType: 'image', accepts: [] });
    // A WeftError of @weft/common: events, checkpoints and retry policies read it so.
    expect(isWeftError(err)).toBe(true);
    expect(err).toBeInstanceOf(WeftError);
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: 'ChatModelError',
      code: 'UNSUPPORTED_CONTENT',
      message: err.message,
      details: err.details,
      retryable: false,
    });
  });

  it('says what the model does take, and passes text and reasoning to every model', () => {
    const audio = userMessage([{ type: 'audio', mediaType: 'audio/wav', data: png }]);
    expect(() => checkContent([audio], { name: 'vision', accepts: ['image'] })).toThrow(
      'message 0, part 0 is an audio part; model "vision" takes text and image: use a model that accepts audio parts, or remove the part',
    );
    expect(() => checkContent(messages, { name: 'vision', accepts: ['image'] })).not.toThrow();
    expect(() => checkContent(messages.slice(0, 2), { name: 'text-only' })).not.toThrow();
  });
});

describe('reasoning in streamed chunks', () => {
  it('concatMessageChunks joins reasoning pieces into one reasoning part before the text, with its signature', () => {
    const message = concatMessageChunks([
      { reasoning: 'Two ' },
      { reasoning: 'and two.', reasoningSignature: 'sig-1' },
      { content: 'Four' },
      { content: '.', finishReason: 'stop' },
    ]);
    expect(message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two and two.', signature: 'sig-1' },
        { type: 'text', text: 'Four.' },
      ],
      finishReason: 'stop',
    });
  });

  it('an answer without reasoning keeps string content, as before', () => {
    expect(concatMessageChunks([{ content: 'Hi' }, { content: '!' }])).toEqual({ role: 'assistant', content: 'Hi!' });
  });

  it("the scripted model's chunks of a message with reasoning join back to that message", () => {
    const message: Message = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Check the weather first.', signature: 's' },
        { type: 'text', text: 'Calling the tool.' },
      ],
      toolCalls: [{ id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' }],
    };
    const chunks = toChunks(message, { chunkSize: 4 });
    expect(chunks[0]).toEqual({ reasoning: 'Check the weather first.', reasoningSignature: 's' });
    expect(concatMessageChunks(chunks)).toEqual(message);
  });
});

describe('scripted answers with parts and reasoning', () => {
  it('answers { text, reasoning } and { parts } as part content; records the parts it was sent', async () => {
    const model = scriptedModel([
      { text: 'Four.', reasoning: 'Two and two.' },
      { parts: [{ type: 'image', mediaType: 'image/png', data: png }] },
    ]);
    const sent = userMessage([
      { type: 'text', text: 'Draw it.' },
      { type: 'image', mediaType: 'image/png', data: png },
    ]);
    expect(await model.generate([userMessage('2+2?')])).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two and two.' },
        { type: 'text', text: 'Four.' },
      ],
    });
    expect(await model.generate([sent])).toEqual({ role: 'assistant', content: [{ type: 'image', mediaType: 'image/png', data: png }] });
    expect(model.calls[1]!.messages).toEqual([sent]);
  });

  it('refuses parts that are not content parts, and parts beside text, naming the item', () => {
    let caught: unknown;
    try {
      scriptedModel([{ parts: [{ type: 'video' }] } as never, { text: 'a', parts: [] } as never]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ code: 'SCRIPT_INVALID' });
    const message = (caught as Error).message;
    expect(message).toContain('script[0].parts[0] must be a content part ({ type: text | image | file | audio | reasoning, … }), got');
    expect(message).toContain('script[1] has text and parts; give one of them');
  });
});
