import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelError } from '../errors.ts';
import {
  json,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
  type RecordedRequest,
  type Reply,
} from '../openai/test-support/fake-openai-server.ts';
import { openAIEmbedder } from './openai-embedder.ts';
import type { OpenAIEmbedderOptions } from './openai-embedder-options.ts';

const servers: FakeOpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(replies: Reply[], options: Partial<OpenAIEmbedderOptions> = {}) {
  const server = await startFakeOpenAIServer(replies);
  servers.push(server);
  const embedder = openAIEmbedder({ baseURL: server.baseURL, model: 'embed-small', retryBaseMs: 1, ...options });
  return { server, embedder };
}

/** A vector that says which text it belongs to: [length, first char code, last char code]. */
const vectorOf = (text: string): number[] => [text.length, text.charCodeAt(0), text.charCodeAt(text.length - 1)];

/** An `/embeddings` answer for the request's input, its `data` in reverse order (the API does not promise input order). */
const echo =
  (order: 'reversed' | 'in order' = 'reversed'): Reply =>
  (res, request) => {
    const input = request.body['input'] as string[];
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }));
    void json({ object: 'list', model: 'embed-small', data: order === 'reversed' ? data.reverse() : data })(res, request);
  };

const failure = (promise: Promise<unknown>): Promise<ModelError> =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e as ModelError,
  );

describe('openAIEmbedder on the wire', () => {
  it('sends batches of exactly batchSize texts in order, with the model, float encoding and dimensions, and puts vectors back by index', async () => {
    const { server, embedder } = await setup([echo()], { batchSize: 2, dimensions: 3, apiKey: 'sk-test' });
    const texts = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    expect(await embedder.embed(texts)).toEqual(texts.map(vectorOf));
    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/v1/embeddings', { model: 'embed-small', input: ['alpha', 'bravo'], encoding_format: 'float', dimensions: 3 }],
      ['POST', '/v1/embeddings', { model: 'embed-small', input: ['charlie', 'delta'], encoding_format: 'float', dimensions: 3 }],
      ['POST', '/v1/embeddings', { model: 'embed-small', input: ['echo'], encoding_format: 'float', dimensions: 3 }],
    ]);
    expect(server.requests[0]?.headers['authorization']).toBe('Bearer sk-test');
    expect([embedder.name, embedder.dimensions]).toEqual(['embed-small:3', 3]);
  });

  it('sends one request of up to 128 texts by default, without dimensions when none are asked for', async () => {
    const { server, embedder } = await setup([echo('in order')]);
    const texts = Array.from({ length: 130 }, (_, i) => `text ${i}`);
    expect(await embedder.embed(texts)).toEqual(texts.map(vectorOf));
    expect(server.requests.map((r) => (r.body['input'] as string[]).length)).toEqual([128, 2]);
    expect(server.requests[0]?.body).not.toHaveProperty('dimensions');
    expect([embedder.name, embedder.dimensions]).toEqual(['embed-small', undefined]);
  });

  it('makes no request for no texts', async () => {
    const { server, embedder } = await setup([echo()]);
    expect(await embedder.embed([])).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('openAIEmbedder failures', () => {
  it('a 429 is retried (after Retry-After) and the next attempt succeeds: two requests for one batch', async () => {
    const limited = json({ error: { message: 'Rate limit reached' } }, 429, { 'retry-after': '0' });
    const { server, embedder } = await setup([limited, echo()], { batchSize: 2 });
    expect(await embedder.embed(['one', 'two', 'three'])).toEqual(['one', 'two', 'three'].map(vectorOf));
    expect(server.requests.map((r) => r.body['input'])).toEqual([['one', 'two'], ['one', 'two'], ['three']]);
  });

  it('a 429 on every attempt is MODEL_RATE_LIMIT after maxRetries retries', async () => {
    const limited = json({ error: { message: 'Rate limit reached' } }, 429, { 'retry-after': '0' });
    const { server, embedder } = await setup([limited], { maxRetries: 1 });
    const error = await failure(embedder.embed(['one']));
    expect([error.code, error.retryable]).toEqual(['MODEL_RATE_LIMIT', true]);
    expect(error.details).toMatchObject({ status: 429, attempt: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('a 400 is MODEL_BAD_REQUEST with the provider message, not retried', async () => {
    const { server, embedder } = await setup([json({ error: { message: 'input too long for embed-small' } }, 400), echo()]);
    const error = await failure(embedder.embed(['one']));
    expect(error).toBeInstanceOf(ModelError);
    expect([error.code, error.retryable, error.message, error.details]).toEqual([
      'MODEL_BAD_REQUEST',
      false,
      `POST ${server.baseURL}/embeddings answered HTTP 400: input too long for embed-small`,
      { status: 400, attempt: 1, body: { error: { message: 'input too long for embed-small' } } },
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it('a 401 is MODEL_AUTH, not retried', async () => {
    const { server, embedder } = await setup([json({ error: { message: 'bad key' } }, 401)]);
    expect((await failure(embedder.embed(['one']))).code).toBe('MODEL_AUTH');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['not JSON', (res: ServerResponse) => void res.end('<html>oops</html>'), 'not JSON'],
    ['no data', json({ object: 'list' }), 'no "data" list'],
    ['one vector short', json({ data: [{ index: 0, embedding: [1, 2, 3] }] }), '1 embeddings for 2 texts'],
    [
      'a repeated index',
      json({
        data: [
          { index: 0, embedding: [1, 2, 3] },
          { index: 0, embedding: [1, 2, 3] },
        ],
      }),
      'data[1].index 0 is repeated',
    ],
    [
      'an index out of range',
      json({
        data: [
          { index: 0, embedding: [1, 2, 3] },
          { index: 2, embedding: [1, 2, 3] },
        ],
      }),
      'data[1].index must be an integer from 0 to 1',
    ],
    [
      'base64 vectors',
      json({
        data: [
          { index: 0, embedding: 'AAAA' },
          { index: 1, embedding: 'AAAA' },
        ],
      }),
      'data[0].embedding is base64; this embedder asks for encoding_format "float"',
    ],
    [
      'a string in a vector',
      json({
        data: [
          { index: 0, embedding: [1, 2, 3] },
          { index: 1, embedding: [1, '2', 3] },
        ],
      }),
      'vector 1 holds "2" at 1, not a finite number',
    ],
    [
      'vectors of another length than asked for',
      json({
        data: [
          { index: 0, embedding: [1, 2] },
          { index: 1, embedding: [1, 2] },
        ],
      }),
      'vector 0 has 2 numbers, expected 3 (the dimensions asked for)',
    ],
  ] as [string, Reply, string][])('an answer with %s is MODEL_RESPONSE_INVALID, not retried', async (_what, reply, problem) => {
    const { server, embedder } = await setup([reply, echo()], { dimensions: 3 });
    const error = await failure(embedder.embed(['one', 'two']));
    expect([error.code, error.retryable, error.message]).toEqual([
      'MODEL_RESPONSE_INVALID',
      false,
      `POST ${server.baseURL}/embeddings answered an invalid embeddings response: ${problem}`,
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it('an abort while the server holds the request ends the call as MODEL_ABORTED, and nothing is retried', async () => {
    let received: (request: RecordedRequest) => void = () => {};
    const arrived = new Promise<RecordedRequest>((resolve) => (received = resolve));
    // Holds the request open until the client hangs up.
    const hold: Reply = (res, request) =>
      new Promise<void>((resolve) => {
        received(request);
        res.on('close', () => resolve());
      });
    const { server, embedder } = await setup([hold]);
    const controller = new AbortController();
    const call = failure(embedder.embed(['one'], { signal: controller.signal }));
    await arrived;
    controller.abort(new Error('user left'));
    const error = await call;
    expect([error.code, error.retryable, error.message]).toEqual(['MODEL_ABORTED', undefined, 'the model call was aborted']);
    expect(server.requests).toHaveLength(1);
  });

  it('a signal aborted before the call sends nothing', async () => {
    const { server, embedder } = await setup([echo()]);
    const error = await failure(embedder.embed(['one'], { signal: AbortSignal.abort() }));
    expect(error.code).toBe('MODEL_ABORTED');
    expect(server.requests).toEqual([]);
  });

  it('refuses bad options and bad texts as INVALID_ARGUMENT', async () => {
    const bad = (options: Partial<OpenAIEmbedderOptions>) => () => openAIEmbedder({ model: 'm', ...options });
    expect(bad({ batchSize: 0 })).toThrow('openAIEmbedder(): options.batchSize must be a positive integer, got 0');
    expect(bad({ dimensions: 1.5 })).toThrow('openAIEmbedder(): options.dimensions must be a positive integer, got 1.5');
    expect(bad({ baseURL: 'ftp://x' })).toThrow('options.baseURL must be an http(s) URL');
    expect(bad({ model: '' })).toThrow('options.model must be a non-empty string');
    const { embedder } = await setup([echo()]);
    const error = await failure(embedder.embed(['one', 2 as unknown as string]));
    expect([error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'embedder "embed-small": texts must be a list of strings, got an array',
    ]);
  });
});
