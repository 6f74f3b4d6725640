import type { LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { concatMessageChunks, userMessage, type Message, type MessageChunk } from '@weft/chat-model';
import { convertArrayToReadableStream, MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { aiSdkModel } from './ai-sdk-model.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const generated = (content: LanguageModelV4Content[]) => ({
  content,
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage,
  warnings: [],
});
const call = () => ({ tools: [], signal: new AbortController().signal });
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const pdf = new TextEncoder().encode('%PDF-1.7');

const conversation: Message[] = [
  userMessage([
    { type: 'text', text: 'Compare these.' },
    { type: 'image', mediaType: 'image/png', data: png },
    { type: 'image', url: 'https://example.com/cat.jpg' },
    { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: pdf },
  ]),
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'The PDF has the numbers.' },
      { type: 'text', text: 'The report wins.' },
    ],
  },
  userMessage('Why?'),
];

async function collect(stream: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const out: MessageChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

describe('aiSdkModel: content parts', () => {
  it('sends images and files as file parts tagged for spec v4, and reasoning back as a reasoning part', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'Because.' }]) });
    await aiSdkModel(mock).generate(conversation, call());
    expect(mock.doGenerateCalls[0]!.prompt).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these.' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: png } },
          { type: 'file', mediaType: 'image/*', data: { type: 'url', url: new URL('https://example.com/cat.jpg') } },
          { type: 'file', mediaType: 'application/pdf', filename: 'report.pdf', data: { type: 'data', data: pdf } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'The PDF has the numbers.' },
          { type: 'text', text: 'The report wins.' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Why?' }] },
    ]);
  });

  it('sends the bytes and URLs themselves to a spec v3 model', async () => {
    const mock = new MockLanguageModelV3({ doGenerate: { ...generated([]), content: [{ type: 'text', text: 'ok' }] } });
    await aiSdkModel(mock).generate(conversation.slice(0, 1), call());
    expect(mock.doGenerateCalls[0]!.prompt[0]!.content).toEqual([
      { type: 'text', text: 'Compare these.' },
      { type: 'file', mediaType: 'image/png', data: png },
      { type: 'file', mediaType: 'image/*', data: new URL('https://example.com/cat.jpg') },
      { type: 'file', mediaType: 'application/pdf', filename: 'report.pdf', data: pdf },
    ]);
  });

  it('reads reasoning and generated files (base64 or bytes, v4-tagged) into parts, in order', async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: generated([
        { type: 'reasoning', text: 'Draw a square.' },
        { type: 'text', text: 'Here it is: ' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: Buffer.from(png).toString('base64') } },
        { type: 'file', mediaType: 'audio/wav', data: { type: 'data', data: png } },
      ]),
    });
    const answer = await aiSdkModel(mock).generate([userMessage('Draw.')], call());
    expect(answer.content).toEqual([
      { type: 'reasoning', text: 'Draw a square.' },
      { type: 'text', text: 'Here it is: ' },
      { type: 'image', mediaType: 'image/png', data: png },
      { type: 'audio', mediaType: 'audio/wav', data: png },
    ]);
  });

  it('streams reasoning deltas as reasoning chunks', async () => {
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'Two ' },
      { type: 'reasoning-delta', id: 'r', delta: 'and two.' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Four.' },
      { type: 'text-end', id: 't' },
      { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
    ];
    const mock = new MockLanguageModelV4({ doStream: { stream: convertArrayToReadableStream(parts) } });
    const chunks = await collect(aiSdkModel(mock).stream([userMessage('2+2?')], call()));
    expect(concatMessageChunks(chunks)).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two and two.' },
        { type: 'text', text: 'Four.' },
      ],
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'stop',
    });
  });

  it('refuses audio for a model declared to take images only, without calling it', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'never' }]) });
    const model = aiSdkModel(mock, { accepts: ['image'] });
    const audio = userMessage([{ type: 'audio', mediaType: 'audio/wav', data: png }]);
    await expect(model.generate([audio], call())).rejects.toMatchObject({
      code: 'UNSUPPORTED_CONTENT',
      details: { model: 'mock-provider:mock-model-id', messageIndex: 0, partIndex: 0, partType: 'audio', accepts: ['image'] },
    });
    await expect(collect(model.stream([audio], call()))).rejects.toMatchObject({ code: 'UNSUPPORTED_CONTENT' });
    expect(mock.doGenerateCalls).toHaveLength(0);
    expect(mock.doStreamCalls).toHaveLength(0);
  });
});
