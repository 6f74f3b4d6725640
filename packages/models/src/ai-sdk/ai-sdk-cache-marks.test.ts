import type { LanguageModelV4Content } from '@ai-sdk/provider';
import { assistantMessage, systemMessage, toolMessage, userMessage, type Message, type ModelCallOptions } from '@weft/chat-model';
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
const call = (cacheBreakpoints?: readonly number[]): ModelCallOptions => ({
  tools: [],
  signal: new AbortController().signal,
  ...(cacheBreakpoints ? { cacheBreakpoints } : {}),
});
const MARK = { anthropic: { cacheControl: { type: 'ephemeral' } }, bedrock: { cachePoint: { type: 'default' } } };

/** A tool loop: system, user, an assistant's two calls, their two results (one prompt message), the next user turn. */
const loop: Message[] = [
  systemMessage('You are terse.'),
  userMessage('Weather in Oslo and Rome?'),
  assistantMessage('', [
    { id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
    { id: 'c2', name: 'weather', arguments: '{"city":"Rome"}' },
  ]),
  toolMessage('rain', 'c1', 'weather'),
  toolMessage('sun', 'c2', 'weather'),
  assistantMessage('Oslo: rain. Rome: sun.'),
  userMessage('And Paris?'),
];

/** Which prompt messages carry which provider options (index → options), for short assertions. */
const marksOf = (prompt: ReadonlyArray<{ providerOptions?: unknown }>) =>
  Object.fromEntries(prompt.flatMap((m, i) => (m.providerOptions === undefined ? [] : [[i, m.providerOptions]])));

describe('aiSdkModel: cacheBreakpoints become prompt-cache marks', () => {
  it('marks exactly the marked messages (Anthropic cacheControl and Bedrock cachePoint), mapping indices past merged tool results', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'Cloudy.' }]) });
    await aiSdkModel(mock).generate(loop, call([0, 5]));
    const prompt = mock.doGenerateCalls[0]!.prompt;
    // The two tool messages are one prompt message, so message 5 (the assistant's answer) is prompt message 4.
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(marksOf(prompt)).toEqual({ 0: MARK, 4: MARK });
    expect(prompt[0]).toEqual({ role: 'system', content: 'You are terse.', providerOptions: MARK });
  });

  it('a mark on a tool result inside a group of results goes on the group, whose results are always sent together', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'Cloudy.' }]) });
    await aiSdkModel(mock).generate(loop, call([3]));
    expect(marksOf(mock.doGenerateCalls[0]!.prompt)).toEqual({ 3: MARK });
  });

  it('without cacheBreakpoints (or with none) no message carries provider options', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'Cloudy.' }]) });
    const model = aiSdkModel(mock);
    await model.generate(loop, call());
    await model.generate(loop, call([]));
    expect(mock.doGenerateCalls.map((c) => marksOf(c.prompt))).toEqual([{}, {}]);
    expect(mock.doGenerateCalls.every((c) => c.prompt.every((m) => !('providerOptions' in m)))).toBe(true);
  });

  it('streams with the same marks, for a spec v3 model too', async () => {
    const mock = new MockLanguageModelV3({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'text-delta' as const, id: 't', delta: 'Cloudy.' },
          { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage },
        ]),
      }),
    });
    const chunks = [];
    for await (const chunk of aiSdkModel(mock).stream(loop, call([1, 6]))) chunks.push(chunk);
    expect(chunks.map((c) => c.content ?? '').join('')).toBe('Cloudy.');
    expect(marksOf(mock.doStreamCalls[0]!.prompt)).toEqual({ 1: MARK, 5: MARK });
  });

  it('cacheMark replaces the marks put on the messages (a one-hour TTL here)', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'Cloudy.' }]) });
    const hour = { anthropic: { cacheControl: { type: 'ephemeral', ttl: '1h' } } };
    await aiSdkModel(mock, { cacheMark: hour }).generate(loop, call([0]));
    expect(marksOf(mock.doGenerateCalls[0]!.prompt)).toEqual({ 0: hour });
  });

  it('refuses a breakpoint that names no message, typed, before any request', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'Cloudy.' }]) });
    const model = aiSdkModel(mock, { name: 'claude' });
    for (const bad of [[7], [-1], [1.5]])
      await expect(model.generate(loop, call(bad))).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: `model "claude": cacheBreakpoints has ${bad[0]}, which is not the index of one of the 7 messages`,
      });
    expect(mock.doGenerateCalls).toEqual([]);
  });
});
