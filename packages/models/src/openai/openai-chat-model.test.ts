import { concatMessageChunks, type Message, type MessageChunk } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import type { ModelError } from '../errors.ts';
import { parseRetryAfter } from './http-errors.ts';
import { openAIChatModel } from './openai-chat-model.ts';
import type { OpenAIChatModelOptions } from './openai-chat-model-options.ts';
import { useFakeOpenAI } from './test-support/use-fake-openai.ts';
import { chunk, closedPort, completion, delayed, json, pause, sse, sseText, type Reply } from './test-support/fake-openai-server.ts';

const setup = useFakeOpenAI();

const noTools = () => ({ tools: [], signal: new AbortController().signal });
/** The response a fixture completion names (its stream chunks name the id only). */
const response = { id: 'chatcmpl-1', model: 'test-model' };
const streamed = { id: 'chatcmpl-1' };
const hi: Message[] = [{ role: 'user', content: 'hi' }];

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e as ModelError,
  );
}

async function drain(stream: AsyncIterable<MessageChunk>): Promise<{ chunks: MessageChunk[]; error?: ModelError }> {
  const chunks: MessageChunk[] = [];
  try {
    for await (const c of stream) chunks.push(c);
  } catch (e) {
    return { chunks, error: e as ModelError };
  }
  return { chunks };
}

const weather = {
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('openAIChatModel generate()', () => {
  it('answers with the text of a JSON completion, and null content as an empty string', async () => {
    const { model, server } = await setup([json(completion('Hello there!')), json(completion(null))]);
    expect(model.name).toBe('test-model');
    expect(await model.generate(hi, noTools())).toEqual({ role: 'assistant', content: 'Hello there!', finishReason: 'stop', response });
    expect(await model.generate(hi, noTools())).toEqual({ role: 'assistant', content: '', finishReason: 'stop', response });
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/v1/chat/completions'],
      ['POST', '/v1/chat/completions'],
    ]);
  });

  it('maps two parallel tool calls and usage', async () => {
    const reply = completion(
      null,
      [
        ['call_a', 'get_weather', '{"city":"Paris"}'],
        ['call_b', 'get_weather', '{"city":"Rome"}'],
      ],
      [31, 12],
    );
    const { model } = await setup([json(reply)]);
    expect(await model.generate(hi, { tools: [weather], signal: new AbortController().signal })).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
      usage: { inputTokens: 31, outputTokens: 12 },
      finishReason: 'tool-calls',
      response,
    });
  });

  it('sends messages, tools, tool_choice, parallel_tool_calls, sampling options and headers in the wire format', async () => {
    const options = { apiKey: 'sk-test', toolChoice: { name: 'get_weather' }, parallelToolCalls: false, temperature: 0.2, maxTokens: 256 };
    const { model, server } = await setup([json(completion('ok'))], { ...options, headers: { 'x-trace': 't1' } });
    const history: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', content: '25°C', toolCallId: 'c1', name: 'get_weather' },
      { role: 'assistant', content: 'It is 25°C.' },
    ];
    await model.generate(history, { tools: [weather], signal: new AbortController().signal });
    const [request] = server.requests;
    expect(request?.body).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
        },
        { role: 'tool', content: '25°C', tool_call_id: 'c1', name: 'get_weather' },
        { role: 'assistant', content: 'It is 25°C.' },
      ],
      tools: [{ type: 'function', function: weather }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
      temperature: 0.2,
      max_tokens: 256,
    });
    expect(request?.headers).toMatchObject({ authorization: 'Bearer sk-test', 'content-type': 'application/json', 'x-trace': 't1' });
  });

  it('leaves out tools, tool_choice, parallel_tool_calls and Authorization when there are none', async () => {
    const { model, server } = await setup([json(completion('ok'))], { toolChoice: 'required', parallelToolCalls: true });
    await model.generate(hi, noTools());
    expect(server.requests[0]?.body).toEqual({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('invalid JSON or a body without choices → MODEL_RESPONSE_INVALID, not retried', async () => {
    const notJson: Reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
    };
    const { model, server } = await setup([notJson, json({ object: 'chat.completion' })]);
    const bad = await failure(model.generate(hi, noTools()));
    expect([bad.code, bad.message, bad.details]).toEqual([
      'MODEL_RESPONSE_INVALID',
      'invalid response from the OpenAI-compatible server: the response body is not JSON: "{\\"choices\\": ["',
      { status: 200, attempt: 1, body: '{"choices": [' },
    ]);
    expect(bad.cause).toBeInstanceOf(SyntaxError);
    const empty = await failure(model.generate(hi, noTools()));
    expect([empty.code, empty.message]).toEqual([
      'MODEL_RESPONSE_INVALID',
      'invalid response from the OpenAI-compatible server: the response has no choices[0].message',
    ]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('openAIChatModel stream()', () => {
  it('parses text split across many events and TCP writes, asks for usage, and ends with it', async () => {
    const pieces = ['Hel', 'lo', ', wor', 'ld', '! ', 'How ', 'are ', 'you?'];
    const events = [chunk({ role: 'assistant', content: '' }), ...pieces.map((p) => chunk({ content: p })), chunk(null, [9, 8])];
    const text = sseText(events);
    // Half an event, a flush, the rest: then the same answer in 37-character writes, then all of it in one write.
    const half = text.indexOf('"content":"lo"');
    const halves: Reply = async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      await new Promise((resolve) => res.write(text.slice(0, half), resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.end(text.slice(half));
    };
    const { model, server } = await setup([halves, sse(text, 37), sse(text)]);
    // The response id (every chunk repeats it) on the first chunk with something else in it.
    const expected = [
      ...pieces.map((content, i) => (i === 0 ? { content, response: streamed } : { content })),
      { usage: { inputTokens: 9, outputTokens: 8 } },
    ];
    for (let i = 0; i < 3; i++) expect(await drain(model.stream(hi, noTools()))).toEqual({ chunks: expected });
    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(server.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it('passes tool-call argument deltas of two parallel calls through as they come; concatMessageChunks rebuilds the message', async () => {
    const call = (index: number, fn: Record<string, string>, id?: string) =>
      chunk({ tool_calls: [{ index, ...(id && { id, type: 'function' }), function: fn }] });
    const events = [
      call(0, { name: 'get_weather', arguments: '' }, 'call_a'),
      call(0, { arguments: '{"ci' }),
      call(1, { name: 'get_weather', arguments: '' }, 'call_b'),
      call(0, { arguments: 'ty":"Pa' }),
      call(1, { arguments: '{"city":' }),
      call(1, { arguments: '"Rome"}' }),
      call(0, { arguments: 'ris"}' }),
      chunk(null, [40, 22]),
    ];
    const { model } = await setup([sse(sseText(events), 29)]);
    const { chunks, error } = await drain(model.stream(hi, { tools: [weather], signal: new AbortController().signal }));
    expect(error).toBeUndefined();
    expect(chunks.slice(0, 3)).toEqual([
      { toolCalls: [{ index: 0, id: 'call_a', name: 'get_weather', arguments: '' }], response: streamed },
      { toolCalls: [{ index: 0, arguments: '{"ci' }] },
      { toolCalls: [{ index: 1, id: 'call_b', name: 'get_weather', arguments: '' }] },
    ]);
    expect(concatMessageChunks(chunks)).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
      usage: { inputTokens: 40, outputTokens: 22 },
      response: streamed,
    });
  });

  it('a data line that is not JSON → MODEL_RESPONSE_INVALID', async () => {
    const { model } = await setup([sse(sseText([chunk({ content: 'ok' }), '{"choices":[{"delta":']))]);
    const { chunks, error } = await drain(model.stream(hi, noTools()));
    expect(chunks).toEqual([{ content: 'ok', response: streamed }]);
    expect([error?.code, error?.details]).toEqual(['MODEL_RESPONSE_INVALID', { status: 200, attempt: 1, body: '{"choices":[{"delta":' }]);
  });

  it('a connection cut mid-stream → MODEL_NETWORK after the chunks so far, not retried; a clean end without [DONE] too', async () => {
    const cut: Reply = async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      await new Promise((resolve) => res.write(sseText([chunk({ content: 'Once upon' })], false), resolve));
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const { model, server } = await setup([cut, sse(sseText([chunk({ content: 'a time' })], false))]);
    const broken = await drain(model.stream(hi, noTools()));
    expect(broken.chunks).toEqual([{ content: 'Once upon', response: streamed }]);
    expect(broken.error?.code).toBe('MODEL_NETWORK');
    expect(broken.error?.message).toMatch(/^the stream from POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions ended before \[DONE\]: /);
    const ended = await drain(model.stream(hi, noTools()));
    expect(ended.chunks).toEqual([{ content: 'a time', response: streamed }]);
    expect([ended.error?.code, ended.error?.message]).toEqual([
      'MODEL_NETWORK',
      `the stream from POST ${server.baseURL}/chat/completions ended before [DONE]`,
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it('retries before the first chunk: 500, then a stream', async () => {
    const { model, server } = await setup([json({ error: { message: 'overloaded' } }, 500), sse(sseText([chunk({ content: 'ok' })]))]);
    expect(await drain(model.stream(hi, noTools()))).toEqual({ chunks: [{ content: 'ok', response: streamed }] });
    expect(server.requests).toHaveLength(2);
  });
});

describe('openAIChatModel errors and retries', () => {
  it('429 with Retry-After: 1 waits a second (not the 5 ms backoff), then succeeds', async () => {
    const { model, server } = await setup([
      json({ error: { message: 'Rate limit reached' } }, 429, { 'retry-after': '1' }),
      json(completion('ok')),
    ]);
    expect((await model.generate(hi, noTools())).content).toBe('ok');
    const [first, second] = server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
  });

  it('500 and 429 (Retry-After: 0) are retried with backoff, then succeed', async () => {
    const { model, server } = await setup([
      json({ error: { message: 'boom' } }, 500),
      json({ error: { message: 'slow down' } }, 429, { 'retry-after': '0' }),
      json(completion('ok')),
    ]);
    expect((await model.generate(hi, noTools())).content).toBe('ok');
    expect(server.requests).toHaveLength(3);
  });

  it('500 forever → MODEL_SERVER_ERROR after maxRetries + 1 attempts, with the provider message and body', async () => {
    const body = { error: { message: 'The server had an error while processing your request.', type: 'server_error' } };
    const { model, server } = await setup([json(body, 500)], { maxRetries: 3 });
    const error = await failure(model.generate(hi, noTools()));
    expect([error.code, error.message, error.details]).toEqual([
      'MODEL_SERVER_ERROR',
      `POST ${server.baseURL}/chat/completions answered HTTP 500: The server had an error while processing your request.`,
      { status: 500, attempt: 4, body },
    ]);
    expect(server.requests).toHaveLength(4);
  });

  it('429 forever → MODEL_RATE_LIMIT after the retries', async () => {
    const { model, server } = await setup([json({ error: { message: 'Rate limit reached' } }, 429)], { maxRetries: 1 });
    const error = await failure(model.generate(hi, noTools()));
    expect([error.code, error.details]).toMatchObject(['MODEL_RATE_LIMIT', { status: 429, attempt: 2 }]);
    expect(server.requests).toHaveLength(2);
  });

  it('401 → MODEL_AUTH with the provider message, not retried', async () => {
    const body = { error: { message: 'Incorrect API key provided: sk-bad.', type: 'invalid_request_error', code: 'invalid_api_key' } };
    const { model, server } = await setup([json(body, 401)], { apiKey: 'sk-bad' });
    const error = await failure(model.generate(hi, noTools()));
    expect([error.code, error.message, error.details]).toEqual([
      'MODEL_AUTH',
      `POST ${server.baseURL}/chat/completions answered HTTP 401: Incorrect API key provided: sk-bad.`,
      { status: 401, attempt: 1, body },
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it('400 context_length_exceeded → MODEL_CONTEXT_LENGTH; another 400 → MODEL_BAD_REQUEST; a plain-text 404 keeps its text', async () => {
    const tooLong = { error: { message: "This model's maximum context length is 8192 tokens.", code: 'context_length_exceeded' } };
    const { model, server } = await setup([
      json(tooLong, 400),
      json({ error: { message: 'Invalid value for temperature' } }, 400),
      (res) => {
        res.writeHead(404).end('no such route');
      },
    ]);
    const errors = [await failure(model.generate(hi, noTools())), await failure(model.generate(hi, noTools()))];
    errors.push(await failure(model.generate(hi, noTools())));
    expect(errors.map((e) => [e.code, e.message.replace(/^.*: /, '')])).toEqual([
      ['MODEL_CONTEXT_LENGTH', "This model's maximum context length is 8192 tokens."],
      ['MODEL_BAD_REQUEST', 'Invalid value for temperature'],
      ['MODEL_BAD_REQUEST', 'no such route'],
    ]);
    expect(server.requests).toHaveLength(3);
  });

  it('the caller aborting → MODEL_ABORTED promptly, during a slow answer and during a backoff', async () => {
    const { model, server } = await setup([delayed(5000, json(completion('late'))), json({}, 429, { 'retry-after': '30' })]);
    for (const expectedRequests of [1, 2]) {
      // Abort once the server holds the request (and, for the 429, once its answer has had time to arrive),
      // so a loaded machine cannot make the abort land before the request is sent.
      const controller = new AbortController();
      let abortedAt = 0;
      const abortSoon = async () => {
        while (server.requests.length < expectedRequests) await pause(5);
        await pause(50);
        abortedAt = Date.now();
        controller.abort();
      };
      const [error] = await Promise.all([failure(model.generate(hi, { tools: [], signal: controller.signal })), abortSoon()]);
      expect([error.code, error.message]).toEqual(['MODEL_ABORTED', 'the model call was aborted']);
      expect(Date.now() - abortedAt).toBeLessThan(1000);
      expect(server.requests).toHaveLength(expectedRequests);
    }
    const aborted = await failure(model.generate(hi, { tools: [], signal: AbortSignal.abort() }));
    expect([aborted.code, server.requests.length]).toEqual(['MODEL_ABORTED', 2]);
  });

  it('the caller aborting mid-stream → MODEL_ABORTED after the chunks so far', async () => {
    const slow: Reply = async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseText([chunk({ content: 'first' })], false));
      await new Promise((resolve) => res.on('close', resolve)); // hold the stream open until the client leaves
    };
    const { model } = await setup([slow]);
    const controller = new AbortController();
    const stream = model.stream(hi, { tools: [], signal: controller.signal });
    const chunks: MessageChunk[] = [];
    const error = await failure(
      (async () => {
        for await (const c of stream) {
          chunks.push(c);
          setTimeout(() => controller.abort(), 20);
        }
      })(),
    );
    expect([chunks, error.code]).toEqual([[{ content: 'first', response: streamed }], 'MODEL_ABORTED']);
  });

  it('an attempt that outlives timeoutMs → MODEL_TIMEOUT, not retried', async () => {
    const { model, server } = await setup([delayed(5000, json(completion('late')))], { timeoutMs: 100 });
    const error = await failure(model.generate(hi, noTools()));
    expect([error.code, error.message]).toEqual([
      'MODEL_TIMEOUT',
      `POST ${server.baseURL}/chat/completions did not answer within 100 ms (attempt 1)`,
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it('connection refused → MODEL_NETWORK after maxRetries + 1 attempts, with the cause', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => (calls++, fetch(input, init));
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    const model = openAIChatModel({ baseURL, model: 'm', retryBaseMs: 5, fetch: counting });
    const error = await failure(model.generate(hi, noTools()));
    expect([error.code, error.details, calls]).toEqual(['MODEL_NETWORK', { attempt: 3 }, 3]);
    expect(error.message).toMatch(/^network error calling POST .*: fetch failed \(.*ECONNREFUSED.*\)$/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect([parseRetryAfter('2', now), parseRetryAfter('0.5', now), parseRetryAfter('Wed, 01 Jan 2025 00:00:03 GMT', now)]).toEqual([
      2000, 500, 3000,
    ]);
    expect([parseRetryAfter(null), parseRetryAfter('soon'), parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)]).toEqual([
      undefined,
      undefined,
      0,
    ]);
  });

  it('rejects bad options with INVALID_ARGUMENT naming the option', () => {
    const bad = (options: unknown) => {
      try {
        openAIChatModel(options as OpenAIChatModelOptions);
      } catch (e) {
        return [(e as ModelError).code, (e as ModelError).message];
      }
      return 'no error';
    };
    expect(bad({ model: 'm' })).toEqual([
      'INVALID_ARGUMENT',
      'openAIChatModel(): options.baseURL must be an http(s) URL such as http://127.0.0.1:1234/v1, got undefined',
    ]);
    expect(bad({ baseURL: 'http://x/v1', model: '' })).toEqual([
      'INVALID_ARGUMENT',
      'openAIChatModel(): options.model must be a non-empty string, got ""',
    ]);
    expect(bad({ baseURL: 'http://x/v1', model: 'm', toolChoice: 'always' })).toEqual([
      'INVALID_ARGUMENT',
      "openAIChatModel(): options.toolChoice must be 'auto', 'none', 'required' or { name }, got \"always\"",
    ]);
    expect(bad({ baseURL: 'http://x/v1', model: 'm', maxRetries: -1 })?.[1]).toContain('options.maxRetries must be an integer ≥ 0');
    expect(bad({ baseURL: 'http://x/v1', model: 'm', timeoutMs: 0 })?.[1]).toContain('options.timeoutMs must be a positive number');
  });
});
