import { APICallError } from '@ai-sdk/provider';
import * as v2 from 'ai-sdk-provider-v2';
import { MockEmbeddingModelV3, MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../errors.ts';
import { aiSdkEmbedder } from './ai-sdk-embedder.ts';

/** A vector that says which text it belongs to. */
const vectorOf = (text: string): number[] => [text.length, text.charCodeAt(0)];
const embedAll = async ({ values }: { values: string[] }) => ({ embeddings: values.map(vectorOf), warnings: [] });

const failure = (promise: Promise<unknown>): Promise<ModelError> =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e as ModelError,
  );

const texts = ['ant', 'bee', 'cicada', 'dragonfly', 'earwig'];

describe('aiSdkEmbedder with each spec version', () => {
  it('v4 (AI SDK 7): calls doEmbed in batches of maxEmbeddingsPerCall, in order, and passes the signal', async () => {
    const model = new MockEmbeddingModelV4({ provider: 'mock', modelId: 'embed-4', maxEmbeddingsPerCall: 2, doEmbed: embedAll });
    const embedder = aiSdkEmbedder(model);
    const signal = new AbortController().signal;
    expect(await embedder.embed(texts, { signal })).toEqual(texts.map(vectorOf));
    expect(model.doEmbedCalls.map((c) => c.values)).toEqual([['ant', 'bee'], ['cicada', 'dragonfly'], ['earwig']]);
    expect(model.doEmbedCalls.every((c) => c.abortSignal === signal)).toBe(true);
    expect([embedder.name, embedder.dimensions]).toEqual(['mock:embed-4', undefined]);
  });

  it('v3 (AI SDK 6): batchSize below the model cap wins; no cap and no batchSize is one call', async () => {
    const capped = new MockEmbeddingModelV3({ maxEmbeddingsPerCall: 4, doEmbed: embedAll });
    expect(await aiSdkEmbedder(capped, { batchSize: 3, name: 'small' }).embed(texts)).toEqual(texts.map(vectorOf));
    expect(capped.doEmbedCalls.map((c) => c.values)).toEqual([
      ['ant', 'bee', 'cicada'],
      ['dragonfly', 'earwig'],
    ]);

    const unlimited = new MockEmbeddingModelV3({ maxEmbeddingsPerCall: null, doEmbed: embedAll });
    expect(await aiSdkEmbedder(unlimited).embed(texts)).toEqual(texts.map(vectorOf));
    expect(unlimited.doEmbedCalls.map((c) => c.values)).toEqual([texts]);
  });

  it('v2 (AI SDK 5): a model whose maxEmbeddingsPerCall is a promise', async () => {
    const calls: string[][] = [];
    const model: v2.EmbeddingModelV2<string> = {
      specificationVersion: 'v2',
      provider: 'legacy',
      modelId: 'embed-2',
      maxEmbeddingsPerCall: Promise.resolve(4),
      supportsParallelCalls: false,
      doEmbed: async ({ values }) => {
        calls.push(values);
        return { embeddings: values.map(vectorOf) };
      },
    };
    const embedder = aiSdkEmbedder(model);
    expect(await embedder.embed(texts)).toEqual(texts.map(vectorOf));
    expect(await embedder.embed(['fly'])).toEqual([vectorOf('fly')]);
    expect(calls).toEqual([['ant', 'bee', 'cicada', 'dragonfly'], ['earwig'], ['fly']]);
    expect(embedder.name).toBe('legacy:embed-2');
  });

  it('makes no call for no texts', async () => {
    const model = new MockEmbeddingModelV4({ doEmbed: embedAll });
    expect(await aiSdkEmbedder(model).embed([])).toEqual([]);
    expect(model.doEmbedCalls).toEqual([]);
  });
});

describe('aiSdkEmbedder failures', () => {
  it('a provider 429 is MODEL_RATE_LIMIT (retryable) with the status, after one call', async () => {
    const limited = new APICallError({ message: 'slow down', url: 'u', requestBodyValues: {}, statusCode: 429 });
    const model = new MockEmbeddingModelV4({
      modelId: 'e',
      doEmbed: () => Promise.reject(limited),
    });
    const error = await failure(aiSdkEmbedder(model).embed(['ant']));
    expect([error.code, error.retryable, error.message, error.details, error.cause]).toEqual([
      'MODEL_RATE_LIMIT',
      true,
      'mock-provider:e: slow down',
      { status: 429 },
      limited,
    ]);
    expect(model.doEmbedCalls).toHaveLength(1);
  });

  it('a provider 400 is MODEL_BAD_REQUEST, not retryable', async () => {
    const refused = new APICallError({ message: 'bad input', url: 'u', requestBodyValues: {}, statusCode: 400 });
    const model = new MockEmbeddingModelV3({ doEmbed: () => Promise.reject(refused) });
    const error = await failure(aiSdkEmbedder(model).embed(['ant']));
    expect([error.code, error.retryable]).toEqual(['MODEL_BAD_REQUEST', false]);
  });

  it.each([
    ['too few vectors', { embeddings: [[1, 2]], warnings: [] }, 'expected 2 vectors (one per text), got 1'],
    [
      'a NaN',
      {
        embeddings: [
          [1, 2],
          [1, Number.NaN],
        ],
        warnings: [],
      },
      'vector 1 holds NaN at 1, not a finite number',
    ],
    ['no embeddings', { warnings: [] }, 'expected a list of 2 vectors, got undefined'],
  ])('a result with %s is MODEL_RESPONSE_INVALID', async (_what, result, problem) => {
    const model = new MockEmbeddingModelV4({ doEmbed: result as never, maxEmbeddingsPerCall: null });
    const error = await failure(aiSdkEmbedder(model, { name: 'e' }).embed(['ant', 'bee']));
    expect([error.code, error.retryable, error.message]).toEqual([
      'MODEL_RESPONSE_INVALID',
      false,
      `e: doEmbed answered an invalid result: ${problem}`,
    ]);
  });

  it('an abort: a signal aborted before the call reaches no doEmbed; one aborted during it is MODEL_ABORTED', async () => {
    const idle = new MockEmbeddingModelV4({ doEmbed: embedAll });
    expect((await failure(aiSdkEmbedder(idle).embed(['ant'], { signal: AbortSignal.abort() }))).code).toBe('MODEL_ABORTED');
    expect(idle.doEmbedCalls).toEqual([]);

    const controller = new AbortController();
    const waiting = new MockEmbeddingModelV4({
      doEmbed: ({ abortSignal }) =>
        new Promise((_resolve, reject) => {
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
          controller.abort(new Error('user left'));
        }),
    });
    const error = await failure(aiSdkEmbedder(waiting).embed(['ant'], { signal: controller.signal }));
    expect([error.code, waiting.doEmbedCalls.length]).toEqual(['MODEL_ABORTED', 1]);
  });

  it('refuses what is not an embedding model of a known version, and bad options, as INVALID_ARGUMENT', () => {
    const model = new MockEmbeddingModelV4({ doEmbed: embedAll });
    expect(() => aiSdkEmbedder({ ...model, doEmbed: model.doEmbed, specificationVersion: 'v9' } as never)).toThrow(
      'aiSdkEmbedder(): model.specificationVersion must be v2, v3 or v4, got "v9"',
    );
    expect(() => aiSdkEmbedder({} as never)).toThrow('aiSdkEmbedder(): model must be an AI SDK embedding model with doEmbed');
    expect(() => aiSdkEmbedder(model, { batchSize: 0 })).toThrow('aiSdkEmbedder(): options.batchSize must be a positive integer, got 0');
  });
});
