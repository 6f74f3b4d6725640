import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { concatMessageChunks, userMessage, type MessageChunk } from '@weft/chat-model';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { aiSdkModel } from './ai-sdk-model.ts';
import { toGenAiProvider } from './to-gen-ai-provider.ts';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};
const call = () => ({ tools: [], signal: new AbortController().signal });
const finish: LanguageModelV4StreamPart = { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } };

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const all: MessageChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('aiSdkModel info', () => {
  it("names the provider in the OpenTelemetry conventions' words, from the AI SDK provider's name", () => {
    const names = [
      ['openai.chat', 'openai'],
      ['openai.responses', 'openai'],
      ['anthropic.messages', 'anthropic'],
      ['google.generative-ai', 'gcp.gemini'],
      ['google.vertex.chat', 'gcp.vertex_ai'],
      ['vertex.anthropic.messages', 'gcp.vertex_ai'],
      ['amazon-bedrock', 'aws.bedrock'],
      ['azure.chat', 'azure.ai.openai'],
      ['azure.responses', 'azure.ai.openai'],
      ['mistral.chat', 'mistral_ai'],
      ['xai.chat', 'x_ai'],
      ['groq.chat', 'groq'],
      ['deepseek.chat', 'deepseek'],
      ['cohere.chat', 'cohere'],
      ['perplexity', 'perplexity'],
      ['togetherai.chat', 'togetherai'],
      ['googlex.chat', 'googlex'],
    ];
    expect(names.map(([aiSdk]) => [aiSdk, toGenAiProvider(aiSdk!)])).toEqual(names);
  });

  it('declares the provider, the model id as the requested model, and the sampling options it sends; options.provider wins', () => {
    const mock = new MockLanguageModelV4({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' });
    expect(aiSdkModel(mock, { temperature: 0.3, maxOutputTokens: 200 }).info).toEqual({
      provider: 'anthropic',
      request: { model: 'claude-sonnet-4-5', temperature: 0.3, maxTokens: 200 },
    });
    expect(aiSdkModel(mock, { provider: 'aws.bedrock' }).info).toEqual({
      provider: 'aws.bedrock',
      request: { model: 'claude-sonnet-4-5' },
    });
  });
});

describe('aiSdkModel response: the id and model id the provider reports', () => {
  it('generate: from the result, without its timestamp, headers or body', async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: 'text', text: 'Hi.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
        response: {
          id: 'msg_1',
          modelId: 'claude-sonnet-4-5-20250929',
          timestamp: new Date(0),
          headers: { 'x-a': 'b' },
          body: { big: true },
        },
      },
    });
    expect(await aiSdkModel(mock).generate([userMessage('Hi')], call())).toEqual({
      role: 'assistant',
      content: 'Hi.',
      usage: { inputTokens: 3, outputTokens: 2 },
      finishReason: 'stop',
      response: { id: 'msg_1', model: 'claude-sonnet-4-5-20250929' },
    });
  });

  it('stream: the response-metadata part goes on the next chunk; with nothing after it, it is a chunk of its own', async () => {
    const metadata: LanguageModelV4StreamPart = {
      type: 'response-metadata',
      id: 'resp_1',
      modelId: 'gpt-4o-2024-08-06',
      timestamp: new Date(0),
    };
    const mock = new MockLanguageModelV4({
      doStream: [
        {
          stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
            { type: 'stream-start', warnings: [] },
            metadata,
            { type: 'text-delta', id: 't', delta: 'Hel' },
            { type: 'text-delta', id: 't', delta: 'lo.' },
            finish,
          ]),
        },
        { stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([metadata]) },
      ],
    });
    const model = aiSdkModel(mock);
    const response = { id: 'resp_1', model: 'gpt-4o-2024-08-06' };
    const chunks = await collect(model.stream([userMessage('Hi')], call()));
    expect(chunks).toEqual([
      { content: 'Hel', response },
      { content: 'lo.' },
      { usage: { inputTokens: 3, outputTokens: 2 }, finishReason: 'stop' },
    ]);
    expect(concatMessageChunks(chunks)).toMatchObject({ content: 'Hello.', response });
    expect(await collect(model.stream([userMessage('Hi')], call()))).toEqual([{ response }]);
  });
});
