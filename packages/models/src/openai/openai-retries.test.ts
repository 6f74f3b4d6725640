import { textOf, type Message } from '@weft/chat-model';
import { END, START, graph, type GraphEvent } from '@weft/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModelError } from '../errors.ts';
import { openAIChatModel } from './openai-chat-model.ts';
import type { OpenAIChatModelOptions } from './openai-chat-model-options.ts';
import { completion } from './test-support/fake-openai-server.ts';
import { fakeFetch, jsonReply, type FetchReply } from './test-support/fake-fetch.ts';

// Every wait (the adapter's backoff, a node's retry delay) goes through node:timers/promises: record the
// delay asked for and go on at once, so the tests check computed delays, not wall time.
const waits = vi.hoisted((): number[] => []);
vi.mock('node:timers/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:timers/promises')>()),
  setTimeout: (ms: number, value?: unknown, options: { signal?: AbortSignal } = {}) => {
    waits.push(ms);
    return options.signal?.aborted ? Promise.reject(new Error('aborted', { cause: options.signal.reason })) : Promise.resolve(value);
  },
}));

beforeEach(() => {
  waits.length = 0;
  // The injected random source of the jitter: 0.5 puts each delay at 3/4 of its exponential value.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => void vi.restoreAllMocks());

const hi: Message[] = [{ role: 'user', content: 'hi' }];
const call = () => ({ tools: [], signal: new AbortController().signal });
const ok = jsonReply(completion('ok'));
const status = (code: number, headers: Record<string, string> = {}) => jsonReply({ error: { message: `HTTP ${code}` } }, code, headers);

function setup(replies: FetchReply[], options: Partial<OpenAIChatModelOptions> = {}) {
  const fake = fakeFetch(replies);
  const model = openAIChatModel({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', fetch: fake.fetch, ...options });
  return { model, requests: fake.requests };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e as ModelError,
  );
}

describe('openAIChatModel retries: what is retried', () => {
  it('a 401 is not retried: exactly one request, MODEL_AUTH marked retryable: false, no wait', async () => {
    const { model, requests } = setup([status(401), ok]);
    const error = await failure(model.generate(hi, call()));
    expect([error.code, error.retryable, error.details]).toEqual([
      'MODEL_AUTH',
      false,
      { status: 401, attempt: 1, body: { error: { message: 'HTTP 401' } } },
    ]);
    expect(error.toJSON()).toMatchObject({ code: 'MODEL_AUTH', retryable: false });
    expect([requests.length, waits]).toEqual([1, []]);
  });

  it('400, 403, 404 and 422 (and a context-length 400) are not retried either, and are marked retryable: false', async () => {
    const tooLong = jsonReply({ error: { message: 'maximum context length', code: 'context_length_exceeded' } }, 400);
    for (const [reply, code] of [
      [status(400), 'MODEL_BAD_REQUEST'],
      [status(403), 'MODEL_AUTH'],
      [status(404), 'MODEL_BAD_REQUEST'],
      [status(422), 'MODEL_BAD_REQUEST'],
      [tooLong, 'MODEL_CONTEXT_LENGTH'],
    ] as const) {
      const { model, requests } = setup([reply, ok]);
      const error = await failure(model.generate(hi, call()));
      expect([error.code, error.retryable, requests.length]).toEqual([code, false, 1]);
    }
    expect(waits).toEqual([]);
  });

  it('a 503 is retried after the jittered backoff, then succeeds: exactly two requests', async () => {
    const { model, requests } = setup([status(503), ok]);
    expect((await model.generate(hi, call())).content).toBe('ok');
    // retryBaseMs 500 (the default), equal jitter with random 0.5: 250 + 0.5 · 250.
    expect([requests.length, waits]).toEqual([2, [375]]);
  });

  it('408, 409, 429, 5xx and network failures are retried; once the retries are spent the error is retryable: true', async () => {
    for (const code of [408, 409, 429, 500, 502]) {
      const { model, requests } = setup([status(code), ok]);
      expect((await model.generate(hi, call())).content).toBe('ok');
      expect(requests).toHaveLength(2);
    }
    waits.length = 0;
    const down = setup([status(502)], { maxRetries: 2 });
    const error = await failure(down.model.generate(hi, call()));
    expect([error.code, error.retryable, down.requests.length, waits]).toEqual(['MODEL_SERVER_ERROR', true, 3, [375, 750]]);
    const offline = setup([() => new TypeError('fetch failed')], { maxRetries: 1, retryBaseMs: 100 });
    const network = await failure(offline.model.generate(hi, call()));
    expect([network.code, network.retryable, offline.requests.length, waits.slice(2)]).toEqual(['MODEL_NETWORK', true, 2, [75]]);
  });

  it('a response that does not parse, and bad options, are retryable: false and not retried', async () => {
    const garbled: FetchReply = () => new Response('{"choices": [', { status: 200 });
    const { model, requests } = setup([garbled, ok]);
    const error = await failure(model.generate(hi, call()));
    expect([error.code, error.retryable, requests.length]).toEqual(['MODEL_RESPONSE_INVALID', false, 1]);
    const bad = (() => {
      try {
        openAIChatModel({ baseURL: 'http://x/v1', model: '' });
      } catch (e) {
        return e as ModelError;
      }
    })();
    expect([bad?.code, bad?.retryable]).toEqual(['INVALID_ARGUMENT', false]);
  });
});

describe('openAIChatModel retries: Retry-After', () => {
  it('wins over the computed backoff, as seconds or as an HTTP date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    const { model, requests } = setup([status(429, { 'retry-after': '2' }), status(503, { 'retry-after': inTwoSeconds }), ok]);
    expect((await model.generate(hi, call())).content).toBe('ok');
    expect(requests).toHaveLength(3);
    expect(waits[0]).toBe(2000);
    // An HTTP date is read against the clock (whole seconds): at most 2 s away, and more than the 750 ms backoff.
    expect(waits[1]).toBeGreaterThan(750);
    expect(waits[1]).toBeLessThanOrEqual(2000);
  });

  it('is capped at 30 s, the longest backoff', async () => {
    const { model } = setup([status(429, { 'retry-after': '3600' }), ok]);
    expect((await model.generate(hi, call())).content).toBe('ok');
    expect(waits).toEqual([30_000]);
  });
});

describe('openAIChatModel in a graph node with a retry policy', () => {
  const nodeFor = (model: ReturnType<typeof openAIChatModel>) =>
    graph<string, string>({ name: 'ask' })
      .addNode(
        'model',
        async (text: string, ctx) => textOf(await model.generate([{ role: 'user', content: text }], { tools: [], signal: ctx.signal })),
        {
          retry: { maxAttempts: 3, initialDelayMs: 10, jitter: false },
        },
      )
      .addEdge(START, 'model')
      .addEdge('model', END)
      .compile();

  async function run(model: ReturnType<typeof openAIChatModel>) {
    const events: GraphEvent[] = [];
    const r = nodeFor(model).run('hi');
    r.subscribe((e) => events.push(e));
    return { result: await r, retries: events.filter((e) => e.type === 'node.retry') };
  }

  it('a 401 is tried once: the node gives up at once with the ModelError, no node.retry', async () => {
    const { model, requests } = setup([status(401), ok]);
    const { result, retries } = await run(model);
    expect(result.status).toBe('error');
    expect(result.error).toBeInstanceOf(ModelError);
    expect(result.error).toMatchObject({ code: 'MODEL_AUTH', retryable: false });
    expect([requests.length, retries]).toEqual([1, []]);
  });

  it('a 503 the adapter gave up on is retried by the node', async () => {
    const { model, requests } = setup([status(503), status(503), ok], { maxRetries: 0 });
    const { result, retries } = await run(model);
    expect(result).toMatchObject({ status: 'done', output: 'ok' });
    expect(requests).toHaveLength(3);
    expect(retries.map((e) => (e as { delayMs: number }).delayMs)).toEqual([10, 20]);
    expect(waits).toEqual([10, 20]);
  });
});
