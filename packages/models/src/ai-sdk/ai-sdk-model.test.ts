import { APICallError, type LanguageModelV4Content, type LanguageModelV4StreamPart, type LanguageModelV4Usage } from '@ai-sdk/provider';
import {
  assistantMessage,
  concatMessageChunks,
  systemMessage,
  textOf,
  toolMessage,
  userMessage,
  type MessageChunk,
  type ToolSpec,
} from '@weft/chat-model';
import { convertArrayToReadableStream, MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import * as v2 from 'ai-sdk-provider-v2';
import * as v3 from 'ai-sdk-provider-v3';
import { describe, expect, it } from 'vitest';
import type { ModelError } from '../errors.ts';
import { aiSdkModel } from './ai-sdk-model.ts';

const usage = (input: number | undefined, output: number | undefined): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});
const generated = (content: LanguageModelV4Content[], tokens: LanguageModelV4Usage = usage(10, 5)) => ({
  content,
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage: tokens,
  warnings: [],
});
const streamed = (parts: LanguageModelV4StreamPart[]) => ({ stream: convertArrayToReadableStream(parts) });
const finish = (input: number, output: number): LanguageModelV4StreamPart => ({
  type: 'finish',
  usage: usage(input, output),
  finishReason: { unified: 'stop', raw: 'stop' },
});
const call = (tools: ToolSpec[] = [], signal = new AbortController().signal) => ({ tools, signal });
const weatherSpec: ToolSpec = {
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const apiError = (statusCode: number, message: string) =>
  new APICallError({ message, url: 'https://api.example/v1/chat', requestBodyValues: {}, statusCode, responseBody: '{}' });

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const all: MessageChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}
async function failure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    return error as ModelError;
  }
  throw new Error('expected the call to fail');
}

describe('aiSdkModel: generate', () => {
  it('answers with the text and reasoning parts in order, usage, and a provider:modelId name', async () => {
    const mock = new MockLanguageModelV4({
      provider: 'mock-provider',
      modelId: 'mock-1',
      doGenerate: generated([
        { type: 'text', text: 'Hello, ' },
        { type: 'reasoning', text: 'thinking…' },
        { type: 'text', text: 'world.' },
      ]),
    });
    const model = aiSdkModel(mock, { temperature: 0.2, maxOutputTokens: 100 });
    expect(model.name).toBe('mock-provider:mock-1');
    const answer = await model.generate([systemMessage('Be brief.'), userMessage('Hi')], call());
    expect(answer).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Hello, ' },
        { type: 'reasoning', text: 'thinking…' },
        { type: 'text', text: 'world.' },
      ],
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'stop',
    });
    expect(textOf(answer)).toBe('Hello, world.');
    const options = mock.doGenerateCalls[0]!;
    expect(options.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
    expect(options).toMatchObject({ temperature: 0.2, maxOutputTokens: 100 });
    expect(options.tools).toBeUndefined();
    expect(options.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it('returns two tool calls, and sends history, tools and tool choice in the provider format', async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: generated([
        { type: 'text', text: 'Checking both.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Paris"}' },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'get_weather', input: '{"city":"Rome"}' },
      ]),
    });
    const model = aiSdkModel(mock, { name: 'weather-model', toolChoice: { type: 'auto' } });
    const history = [
      userMessage('Weather in Oslo and Bergen?'),
      assistantMessage('', [
        { id: 'a1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { id: 'a2', name: 'get_weather', arguments: '{"city":"Bergen"}' },
      ]),
      toolMessage('3°C', 'a1', 'get_weather'),
      toolMessage('5°C', 'a2', 'get_weather'),
      assistantMessage('Oslo 3°C, Bergen 5°C.'),
      userMessage('And Paris and Rome?'),
    ];
    const answer = await model.generate(history, call([weatherSpec]));
    expect(answer).toEqual({
      role: 'assistant',
      content: 'Checking both.',
      toolCalls: [
        { id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'c2', name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'stop', // as the mock reports it
    });
    const options = mock.doGenerateCalls[0]!;
    expect(options.prompt).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Bergen?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'a1', toolName: 'get_weather', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'a2', toolName: 'get_weather', input: { city: 'Bergen' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a1', toolName: 'get_weather', output: { type: 'text', value: '3°C' } },
          { type: 'tool-result', toolCallId: 'a2', toolName: 'get_weather', output: { type: 'text', value: '5°C' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Oslo 3°C, Bergen 5°C.' }] },
      { role: 'user', content: [{ type: 'text', text: 'And Paris and Rome?' }] },
    ]);
    expect(options.tools).toEqual([
      { type: 'function', name: 'get_weather', description: 'The weather of a city.', inputSchema: weatherSpec.parameters },
    ]);
    expect(options.toolChoice).toEqual({ type: 'auto' });
  });

  it('works with a spec v3 model too', async () => {
    const mock = new MockLanguageModelV3({
      provider: 'p',
      modelId: 'm',
      doGenerate: { ...generated([]), content: [{ type: 'text', text: 'v3 ok' }] },
    });
    const answer = await aiSdkModel(mock).generate([userMessage('Hi')], call());
    expect(answer).toEqual({ role: 'assistant', content: 'v3 ok', usage: { inputTokens: 10, outputTokens: 5 }, finishReason: 'stop' });
  });

  it('works with a spec v2 model (AI SDK 5): flat usage, generate and stream', async () => {
    const flat = { inputTokens: 3, outputTokens: 2, totalTokens: 5 };
    const model: v2.LanguageModelV2 = {
      specificationVersion: 'v2',
      provider: 'p',
      modelId: 'm2',
      supportedUrls: {},
      doGenerate: async () => ({ content: [{ type: 'text', text: 'v2 ok' }], finishReason: 'stop', usage: flat, warnings: [] }),
      doStream: async () => ({
        stream: convertArrayToReadableStream<v2.LanguageModelV2StreamPart>([
          { type: 'stream-start', warnings: [] },
          { type: 'text-delta', id: 't', delta: 'v2 ' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Oslo"}' },
          { type: 'finish', finishReason: 'tool-calls', usage: flat },
        ]),
      }),
    };
    expect(await aiSdkModel(model).generate([userMessage('Hi')], call())).toEqual({
      role: 'assistant',
      content: 'v2 ok',
      usage: { inputTokens: 3, outputTokens: 2 },
      finishReason: 'stop',
    });
    expect(await collect(aiSdkModel(model).stream([userMessage('Hi')], call([weatherSpec])))).toEqual([
      { content: 'v2 ' },
      { toolCalls: [{ index: 0, id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] },
      { usage: { inputTokens: 3, outputTokens: 2 }, finishReason: 'tool-calls' },
    ]);
  });

  it('leaves usage out when the provider reports none', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: generated([{ type: 'text', text: 'ok' }], usage(undefined, undefined)) });
    expect(await aiSdkModel(mock).generate([userMessage('Hi')], call())).toEqual({
      role: 'assistant',
      content: 'ok',
      finishReason: 'stop',
    });
  });
});

describe('aiSdkModel: stream', () => {
  it('maps text deltas and tool-input deltas to chunks that concatenate to the message', async () => {
    const mock = new MockLanguageModelV4({
      doStream: streamed([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Let me ' },
        { type: 'text-delta', id: 't', delta: 'check.' },
        { type: 'text-end', id: 't' },
        { type: 'tool-input-start', id: 'c1', toolName: 'get_weather' },
        { type: 'tool-input-delta', id: 'c1', delta: '{"city":' },
        { type: 'tool-input-delta', id: 'c1', delta: '"Paris"}' },
        { type: 'tool-input-end', id: 'c1' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Paris"}' },
        // A provider that sends only the complete call.
        { type: 'tool-call', toolCallId: 'c2', toolName: 'get_weather', input: '{"city":"Rome"}' },
        finish(12, 7),
      ]),
    });
    const chunks = await collect(aiSdkModel(mock).stream([userMessage('Paris and Rome?')], call([weatherSpec])));
    expect(chunks).toEqual([
      { content: 'Let me ' },
      { content: 'check.' },
      { toolCalls: [{ index: 0, id: 'c1', name: 'get_weather' }] },
      { toolCalls: [{ index: 0, arguments: '{"city":' }] },
      { toolCalls: [{ index: 0, arguments: '"Paris"}' }] },
      { toolCalls: [{ index: 1, id: 'c2', name: 'get_weather', arguments: '{"city":"Rome"}' }] },
      { usage: { inputTokens: 12, outputTokens: 7 }, finishReason: 'stop' },
    ]);
    expect(concatMessageChunks(chunks)).toEqual({
      role: 'assistant',
      content: 'Let me check.',
      toolCalls: [
        { id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'c2', name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
      usage: { inputTokens: 12, outputTokens: 7 },
      finishReason: 'stop',
    });
    expect(mock.doStreamCalls[0]!.tools).toHaveLength(1);
  });

  it('an error part of the stream fails the stream with the mapped error', async () => {
    const mock = new MockLanguageModelV4({
      doStream: streamed([
        { type: 'text-delta', id: 't', delta: 'Hal' },
        { type: 'error', error: apiError(529, 'Overloaded') },
      ]),
    });
    const chunks: MessageChunk[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of aiSdkModel(mock).stream([userMessage('Hi')], call())) chunks.push(chunk);
      })(),
    );
    expect(chunks).toEqual([{ content: 'Hal' }]);
    expect(error).toMatchObject({
      code: 'MODEL_SERVER_ERROR',
      message: 'mock-provider:mock-model-id: Overloaded',
      details: { status: 529 },
    });
  });
});

describe('aiSdkModel: errors', () => {
  const failing = (error: unknown) =>
    new MockLanguageModelV4({
      doGenerate: async () => {
        throw error;
      },
      doStream: async () => {
        throw error;
      },
    });

  it('HTTP 429 is MODEL_RATE_LIMIT with the provider message, status and cause', async () => {
    const cause = apiError(429, 'Rate limit reached for requests');
    const error = await failure(aiSdkModel(failing(cause), { name: 'm' }).generate([userMessage('Hi')], call()));
    expect(error).toMatchObject({ name: 'ModelError', code: 'MODEL_RATE_LIMIT', message: 'm: Rate limit reached for requests' });
    expect(error.details).toEqual({ status: 429 });
    expect(error.cause).toBe(cause);
  });

  it('HTTP 401 is MODEL_AUTH, also when stream() is the call', async () => {
    const model = aiSdkModel(failing(apiError(401, 'Incorrect API key provided')));
    expect(await failure(model.generate([userMessage('Hi')], call()))).toMatchObject({ code: 'MODEL_AUTH', details: { status: 401 } });
    expect(await failure(collect(model.stream([userMessage('Hi')], call())))).toMatchObject({ code: 'MODEL_AUTH' });
  });

  it('sorts the other statuses and failures', async () => {
    const codeOf = async (error: unknown) => (await failure(aiSdkModel(failing(error)).generate([userMessage('Hi')], call()))).code;
    expect(await codeOf(apiError(400, "This model's maximum context length is 128000 tokens"))).toBe('MODEL_CONTEXT_LENGTH');
    expect(await codeOf(apiError(404, 'The model does not exist'))).toBe('MODEL_BAD_REQUEST');
    expect(await codeOf(apiError(500, 'Internal error'))).toBe('MODEL_SERVER_ERROR');
    expect(await codeOf(new APICallError({ message: 'Cannot connect to API', url: 'u', requestBodyValues: {} }))).toBe('MODEL_NETWORK');
    expect(await codeOf(new TypeError('fetch failed'))).toBe('MODEL_NETWORK');
  });

  it('sorts the errors of @ai-sdk/provider 2 and 3 (AI SDK 5 and 6) as those of 4', async () => {
    const errorsOf = (provider: typeof v2 | typeof v3) => [
      new provider.APICallError({ message: 'slow down', url: 'u', requestBodyValues: {}, statusCode: 429 }),
      new provider.LoadAPIKeyError({ message: 'OPENAI_API_KEY is not set' }),
      new provider.InvalidPromptError({ prompt: [], message: 'empty' }),
      new provider.JSONParseError({ text: '{', cause: 'end of input' }),
    ];
    for (const provider of [v2, v3]) {
      const sorted = await Promise.all(
        errorsOf(provider).map((error) => failure(aiSdkModel(failing(error)).generate([userMessage('Hi')], call()))),
      );
      expect(sorted.map((error) => [error.code, error.details])).toEqual([
        ['MODEL_RATE_LIMIT', { status: 429 }],
        ['MODEL_AUTH', undefined],
        ['MODEL_BAD_REQUEST', undefined],
        ['MODEL_RESPONSE_INVALID', undefined],
      ]);
    }
  });

  it('an aborted signal is MODEL_ABORTED, for generate and mid-stream', async () => {
    const controller = new AbortController();
    const mock = new MockLanguageModelV4({
      doGenerate: async ({ abortSignal }) => {
        abortSignal?.throwIfAborted();
        return generated([]);
      },
      doStream: streamed([
        { type: 'text-delta', id: 't', delta: 'one' },
        { type: 'text-delta', id: 't', delta: 'two' },
      ]),
    });
    const model = aiSdkModel(mock);
    controller.abort();
    expect(await failure(model.generate([userMessage('Hi')], call([], controller.signal)))).toMatchObject({ code: 'MODEL_ABORTED' });

    const streaming = new AbortController();
    const chunks: MessageChunk[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of model.stream([userMessage('Hi')], call([], streaming.signal))) {
          chunks.push(chunk);
          streaming.abort();
        }
      })(),
    );
    expect(chunks).toEqual([{ content: 'one' }]);
    expect(error.code).toBe('MODEL_ABORTED');
  });

  it('rejects what is not an AI SDK language model', () => {
    expect(() => aiSdkModel({} as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => aiSdkModel({ ...new MockLanguageModelV4(), specificationVersion: 'v1' } as never)).toThrow(/spec version v1/);
  });
});
