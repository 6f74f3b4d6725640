import { concatMessageChunks, type Message, type MessageChunk } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import type { ModelError } from '../errors.ts';
import { openAIChatModel } from './openai-chat-model.ts';
import { fakeFetch, jsonReply } from './test-support/fake-fetch.ts';
import { useFakeOpenAI } from './test-support/use-fake-openai.ts';
import { chunk, completion, finishChunk, json, sse, sseText } from './test-support/fake-openai-server.ts';

const setup = useFakeOpenAI();
const hi: Message[] = [{ role: 'user', content: 'hi' }];
const noTools = () => ({ tools: [], signal: new AbortController().signal });

async function chunksOf(stream: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const chunks: MessageChunk[] = [];
  for await (const c of stream) chunks.push(c);
  return chunks;
}

describe('openAIChatModel info: provider, server, request parameters', () => {
  it('api.openai.com is openai; another server is nobody in particular, unless told; the server and port come from the base URL', () => {
    const info = (baseURL: string, extra: object = {}) => openAIChatModel({ baseURL, model: 'gpt-4o-mini', ...extra }).info;
    expect(info('https://api.openai.com/v1/', { temperature: 0, maxTokens: 300 })).toEqual({
      provider: 'openai',
      server: { address: 'api.openai.com', port: 443 },
      request: { model: 'gpt-4o-mini', temperature: 0, maxTokens: 300 },
    });
    expect(info('http://127.0.0.1:1234/v1')).toEqual({
      server: { address: '127.0.0.1', port: 1234 },
      request: { model: 'gpt-4o-mini' },
    });
    expect(info('http://[::1]:8080/v1')).toEqual({ server: { address: '::1', port: 8080 }, request: { model: 'gpt-4o-mini' } });
    expect(info('http://llm.internal/v1', { provider: 'deepseek' })).toEqual({
      provider: 'deepseek',
      server: { address: 'llm.internal', port: 80 },
      request: { model: 'gpt-4o-mini' },
    });
    // What the application says wins, also for OpenAI's own host (a proxy may sit behind it in tests).
    expect(info('https://api.openai.com/v1', { provider: 'azure.ai.openai' })?.provider).toBe('azure.ai.openai');
  });

  it('a provider that is not a non-empty string is INVALID_ARGUMENT, before any request', () => {
    const { fetch, requests } = fakeFetch([jsonReply(completion('ok'))]);
    for (const provider of ['', 42]) {
      let error: ModelError | undefined;
      try {
        openAIChatModel({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', provider: provider as string, fetch });
      } catch (e) {
        error = e as ModelError;
      }
      expect([error?.code, error?.message]).toEqual([
        'INVALID_ARGUMENT',
        `openAIChatModel(): options.provider must be a non-empty string such as 'openai' or 'azure.ai.openai', got ${provider === '' ? '""' : '42'}`,
      ]);
    }
    expect(requests).toEqual([]);
  });
});

describe('openAIChatModel response: the id and model the server names', () => {
  it('generate: from the body; a server that names neither, or names them with something else than strings, still answers', async () => {
    const { model } = await setup([
      json({ ...completion('a'), id: 'chatcmpl-9', model: 'gpt-4o-mini-2024-07-18' }),
      json({ ...completion('b'), id: undefined, model: undefined }),
      json({ ...completion('c'), id: 7, model: null }),
    ]);
    expect(await model.generate(hi, noTools())).toEqual({
      role: 'assistant',
      content: 'a',
      finishReason: 'stop',
      response: { id: 'chatcmpl-9', model: 'gpt-4o-mini-2024-07-18' },
    });
    expect(await model.generate(hi, noTools())).toEqual({ role: 'assistant', content: 'b', finishReason: 'stop' });
    expect(await model.generate(hi, noTools())).toEqual({ role: 'assistant', content: 'c', finishReason: 'stop' });
  });

  it('stream: once, on the first chunk with something in it (past a role-only one); alone at the end of an answer with nothing else', async () => {
    const named = (c: object) => ({ ...c, id: 'chatcmpl-S', model: 'gpt-4o-mini-2024-07-18' });
    const response = { id: 'chatcmpl-S', model: 'gpt-4o-mini-2024-07-18' };
    const { model } = await setup([
      sse(sseText([chunk({ role: 'assistant' }), chunk({ content: 'Hi' }), chunk({ content: '!' }), finishChunk('stop')].map(named))),
      sse(sseText([named(chunk({ role: 'assistant' }))])),
    ]);
    const chunks = await chunksOf(model.stream(hi, noTools()));
    expect(chunks).toEqual([{ content: 'Hi', response }, { content: '!' }, { finishReason: 'stop' }]);
    expect(concatMessageChunks(chunks)).toEqual({ role: 'assistant', content: 'Hi!', finishReason: 'stop', response });
    expect(await chunksOf(model.stream(hi, noTools()))).toEqual([{ response }]);
  });
});
