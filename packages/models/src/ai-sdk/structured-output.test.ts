import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { concatMessageChunks, userMessage, type MessageChunk, type ModelCallOptions, type OutputSpec } from '@weft/chat-model';
import { convertArrayToReadableStream, MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import type * as v2 from 'ai-sdk-provider-v2';
import { describe, expect, it } from 'vitest';
import type { ModelError } from '../errors.ts';
import { aiSdkModel } from './ai-sdk-model.ts';

const usage = {
  inputTokens: { total: 4, noCache: 4, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};
const reason = (unified: LanguageModelV4FinishReason['unified'], raw?: string): LanguageModelV4FinishReason => ({ unified, raw });
const call = (extra: Partial<ModelCallOptions> = {}): ModelCallOptions => ({ tools: [], signal: new AbortController().signal, ...extra });
const hi = [userMessage('Weather in Oslo?')];
const weather: OutputSpec = {
  name: 'weather_report',
  description: 'The weather of one city.',
  schema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'] },
};
const answer = '{"city":"Oslo","celsius":4}';

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const all: MessageChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('aiSdkModel structured output', () => {
  it('passes output to the model as responseFormat { type: json, schema, name, description }, in generate and stream', async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: { content: [{ type: 'text', text: answer }], finishReason: reason('stop', 'stop'), usage, warnings: [] },
      doStream: {
        stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
          { type: 'text-delta', id: 't', delta: answer },
          { type: 'finish', usage, finishReason: reason('stop', 'stop') },
        ]),
      },
    });
    const model = aiSdkModel(mock);
    expect(await model.generate(hi, call({ output: weather }))).toEqual({
      role: 'assistant',
      content: answer,
      usage: { inputTokens: 4, outputTokens: 2 },
      finishReason: 'stop',
    });
    expect(concatMessageChunks(await collect(model.stream(hi, call({ output: weather }))))).toMatchObject({
      content: answer,
      finishReason: 'stop',
    });
    const format = { type: 'json', schema: weather.schema, name: 'weather_report', description: 'The weather of one city.' };
    expect(mock.doGenerateCalls[0]?.responseFormat).toEqual(format);
    expect(mock.doStreamCalls[0]?.responseFormat).toEqual(format);
  });

  it('leaves responseFormat out without output, and description out when the output has none (spec v3 too)', async () => {
    const mock = new MockLanguageModelV3({
      doGenerate: { content: [{ type: 'text', text: '{}' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
    });
    const { description: _, ...plain } = weather;
    await aiSdkModel(mock).generate(hi, call({ output: plain }));
    await aiSdkModel(mock).generate(hi, call());
    expect(mock.doGenerateCalls.map((options) => options.responseFormat)).toEqual([
      { type: 'json', schema: weather.schema, name: 'weather_report' },
      undefined,
    ]);
  });

  it('rejects a malformed output with INVALID_ARGUMENT without calling the model', async () => {
    const mock = new MockLanguageModelV4({ provider: 'p', modelId: 'm' });
    const bad = { name: 'x' } as unknown as OutputSpec;
    const error = await aiSdkModel(mock)
      .generate(hi, call({ output: bad }))
      .then(
        () => expect.fail('expected INVALID_ARGUMENT'),
        (e: unknown) => e as ModelError,
      );
    expect([error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'p:m: options.output.schema must be a JSON Schema object, got undefined',
    ]);
    await expect(collect(aiSdkModel(mock).stream(hi, call({ output: bad })))).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect([mock.doGenerateCalls.length, mock.doStreamCalls.length]).toEqual([0, 0]);
  });
});

describe('aiSdkModel finish reasons', () => {
  const cases = [
    ['stop', 'stop'],
    ['length', 'length'],
    ['tool-calls', 'tool-calls'],
    ['content-filter', 'content-filter'],
    ['error', 'error'],
    ['other', 'other'],
    ['interrupted', 'other'],
  ] as const;

  it("maps the unified finish reason of spec v3/v4 on generate and on the stream's finish part", async () => {
    for (const [unified, weft] of cases) {
      const mock = new MockLanguageModelV4({
        doGenerate: { content: [{ type: 'text', text: 'x' }], finishReason: reason(unified, 'raw'), usage, warnings: [] },
        doStream: {
          stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
            { type: 'text-delta', id: 't', delta: 'x' },
            { type: 'finish', usage, finishReason: reason(unified, 'raw') },
          ]),
        },
      });
      const model = aiSdkModel(mock);
      expect((await model.generate(hi, call())).finishReason).toBe(weft);
      expect((await collect(model.stream(hi, call()))).at(-1)).toEqual({ usage: { inputTokens: 4, outputTokens: 2 }, finishReason: weft });
    }
  });

  it("maps spec v2's finish reason strings, 'unknown' as 'other'", async () => {
    const flat = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
    const v2Model = (finishReason: v2.LanguageModelV2FinishReason): v2.LanguageModelV2 => ({
      specificationVersion: 'v2',
      provider: 'p',
      modelId: 'm',
      supportedUrls: {},
      doGenerate: async () => ({ content: [], finishReason, usage: flat, warnings: [] }),
      doStream: async () => ({
        stream: convertArrayToReadableStream<v2.LanguageModelV2StreamPart>([{ type: 'finish', finishReason, usage: flat }]),
      }),
    });
    const got = [];
    for (const raw of ['length', 'tool-calls', 'unknown'] as const) {
      const model = aiSdkModel(v2Model(raw));
      got.push([(await model.generate(hi, call())).finishReason, await collect(model.stream(hi, call()))]);
    }
    expect(got).toEqual([
      ['length', [{ finishReason: 'length' }]],
      ['tool-calls', [{ finishReason: 'tool-calls' }]],
      ['other', [{ finishReason: 'other' }]],
    ]);
  });
});
