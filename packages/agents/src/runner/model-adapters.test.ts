// Agents run on each @weft/models adapter: the AI SDK model, record → replay, and the OpenAI-compatible
// HTTP model. These tests live here, not in @weft/models, so that models never depends on agents.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aiSdkModel, openAIChatModel, recordModel, replayModel, scriptedModel } from '@weft/models';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from '../agents/agent-event.ts';
import { chatModelAgent, Runner, tool, withSubAgents, type ChatModel } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const weatherSpec = {
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const getWeather = tool<{ city: string }>({ ...weatherSpec, execute: ({ city }) => `the temperature in ${city} is 25°C` });
const Forecast = z.object({ city: z.string(), celsius: z.number() });
/** Forecast as the model is asked for it (Zod's input side: extra keys allowed). */
const FORECAST_INPUT = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
};

// The AI SDK's provider types, read off the mock so that agents needs only `ai` (no @ai-sdk/provider).
type MockOptions = NonNullable<ConstructorParameters<typeof MockLanguageModelV4>[0]>;
type GenerateResult = Extract<MockOptions['doGenerate'], { content: unknown }>;
type Content = GenerateResult['content'][number];
type StreamPart = Extract<MockOptions['doStream'], { stream: unknown }>['stream'] extends ReadableStream<infer P> ? P : never;

const usage = (input: number, output: number): GenerateResult['usage'] => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});
const generated = (content: Content[]): GenerateResult => ({
  content,
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: usage(10, 5),
  warnings: [],
});
const streamed = (parts: StreamPart[]) => ({ stream: convertArrayToReadableStream(parts) });
const finish = (input: number, output: number): StreamPart => ({
  type: 'finish',
  usage: usage(input, output),
  finishReason: { unified: 'stop', raw: 'stop' },
});
const toolCall = (id: string, toolName: string, input: unknown): Content => ({
  type: 'tool-call',
  toolCallId: id,
  toolName,
  input: JSON.stringify(input),
});

describe('aiSdkModel in agents', () => {
  it('a ReAct agent calls the tool through the AI SDK model and answers', async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: [
        generated([toolCall('w1', 'get_weather', { city: 'Beijing' })]),
        generated([{ type: 'text', text: 'It is 25°C in Beijing.' }]),
      ],
    });
    const agent = chatModelAgent({
      name: 'WeatherAgent',
      description: 'Answers weather questions.',
      model: aiSdkModel(mock),
      tools: [getWeather],
    });
    const done = await new Runner({ agent }).query("What's the weather in Beijing?");
    expect(summarize(done.events)).toEqual([
      'WeatherAgent [WeatherAgent] | assistant:  → get_weather({"city":"Beijing"})',
      'WeatherAgent [WeatherAgent] | tool get_weather: the temperature in Beijing is 25°C',
      'WeatherAgent [WeatherAgent] | assistant: It is 25°C in Beijing.',
    ]);
    expect(mock.doGenerateCalls[1]!.prompt.slice(-2)).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'w1', toolName: 'get_weather', input: { city: 'Beijing' } }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'w1',
            toolName: 'get_weather',
            output: { type: 'text', value: 'the temperature in Beijing is 25°C' },
          },
        ],
      },
    ]);
  });

  it('a router transfers to a weather agent; each runs on its own AI SDK model', async () => {
    const routerMock = new MockLanguageModelV4({
      modelId: 'router',
      doGenerate: [generated([toolCall('t1', 'transfer_to_agent', { agent_name: 'WeatherAgent' })])],
    });
    const weatherMock = new MockLanguageModelV4({
      modelId: 'weather',
      doGenerate: [
        generated([toolCall('w1', 'get_weather', { city: 'Beijing' })]),
        generated([{ type: 'text', text: 'It is 25°C in Beijing.' }]),
      ],
    });
    const router = chatModelAgent({
      name: 'RouterAgent',
      description: 'Routes questions.',
      instruction: 'You route questions.',
      model: aiSdkModel(routerMock),
    });
    const weather = chatModelAgent({
      name: 'WeatherAgent',
      description: 'Answers weather questions.',
      model: aiSdkModel(weatherMock),
      tools: [getWeather],
    });
    const done = await new Runner({ agent: withSubAgents(router, [weather]) }).query("What's the weather in Beijing?");
    expect(summarize(done.events)).toEqual([
      'RouterAgent [RouterAgent] | assistant:  → transfer_to_agent({"agent_name":"WeatherAgent"})',
      'RouterAgent [RouterAgent] | tool transfer_to_agent: successfully transferred to agent [WeatherAgent] | TRANSFER → WeatherAgent',
      'WeatherAgent [RouterAgent,WeatherAgent] | assistant:  → get_weather({"city":"Beijing"})',
      'WeatherAgent [RouterAgent,WeatherAgent] | tool get_weather: the temperature in Beijing is 25°C',
      'WeatherAgent [RouterAgent,WeatherAgent] | assistant: It is 25°C in Beijing.',
    ]);
    expect(routerMock.doGenerateCalls[0]!.tools?.map((t) => t.name)).toEqual(['transfer_to_agent']);
    // A child may transfer back to its parent unless told otherwise.
    expect(weatherMock.doGenerateCalls[0]!.tools?.map((t) => t.name)).toEqual(['get_weather', 'transfer_to_agent']);
    expect(weatherMock.doGenerateCalls[0]!.prompt[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: "What's the weather in Beijing?" }],
    });
  });

  it('a streaming run emits the AI SDK deltas as chunk events before the message', async () => {
    const mock = new MockLanguageModelV4({
      doStream: streamed([{ type: 'text-delta', id: 't', delta: 'Hel' }, { type: 'text-delta', id: 't', delta: 'lo.' }, finish(3, 2)]),
    });
    const agent = chatModelAgent({ name: 'Greeter', description: 'Greets.', model: aiSdkModel(mock) });
    const done = await new Runner({ agent, streaming: true }).query('Hi');
    expect(done.events.map((e) => e.output?.stream ?? e.output?.message)).toEqual([
      { content: 'Hel' },
      { content: 'lo.' },
      // The AI SDK's finish part: the usage and why the model stopped, on the message too.
      { usage: { inputTokens: 3, outputTokens: 2 }, finishReason: 'stop' },
      { role: 'assistant', content: 'Hello.', usage: { inputTokens: 3, outputTokens: 2 }, finishReason: 'stop' },
    ]);
  });

  it('structured output: the JSON response format reaches the model, and the answer is the typed finalOutput', async () => {
    const mock = new MockLanguageModelV4({ doGenerate: [generated([{ type: 'text', text: '{"city":"Oslo","celsius":4}' }])] });
    const agent = chatModelAgent({ name: 'Forecaster', description: 'forecasts', model: aiSdkModel(mock), outputSchema: Forecast });
    const done = await new Runner({ agent }).query('Oslo?');
    expect(done.status === 'done' && done.finalOutput).toEqual({ city: 'Oslo', celsius: 4 });
    expect(mock.doGenerateCalls[0]!.responseFormat).toEqual({
      type: 'json',
      schema: FORECAST_INPUT,
      name: 'Forecaster',
      description: 'forecasts',
    });
  });
});

describe('an agent run recorded, then replayed offline', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'weft-cassette-'));
    file = join(dir, 'nested', 'folder', 'cassette.jsonl');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The recorded requests, one JSON line each, the file ending in a newline. */
  async function recordedRequests(): Promise<{ messages: unknown[] }[]> {
    const text = await readFile(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    return text
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { request: { messages: unknown[] } }).request);
  }
  const agent = (model: ChatModel, instruction = 'Answer weather questions.') =>
    chatModelAgent({ name: 'WeatherAgent', description: 'weather', instruction, model, tools: [getWeather] });

  it('replays the same events, and a changed instruction fails the run with CASSETTE_MISMATCH', async () => {
    const inner = scriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Beijing' } }] },
      { text: 'It is 25°C in Beijing.' },
    ]);
    const recorded = await new Runner({ agent: agent(recordModel(inner, file)) }).query('Weather in Beijing?');
    const expected = [
      'WeatherAgent [WeatherAgent] | assistant:  → get_weather({"city":"Beijing"})',
      'WeatherAgent [WeatherAgent] | tool get_weather: the temperature in Beijing is 25°C',
      'WeatherAgent [WeatherAgent] | assistant: It is 25°C in Beijing.',
    ];
    expect([recorded.status, summarize(recorded.events)]).toEqual(['done', expected]);
    expect((await recordedRequests()).map((r) => r.messages.length)).toEqual([2, 4]);

    const replayed = await new Runner({ agent: agent(replayModel(file)) }).query('Weather in Beijing?');
    expect([replayed.status, summarize(replayed.events)]).toEqual(['done', expected]);
    expect(replayed.events).toEqual(recorded.events);
    const streamed = await new Runner({ agent: agent(replayModel(file)), streaming: true }).query('Weather in Beijing?');
    expect(summarize(streamed.events.filter((e) => !e.output?.stream))).toEqual(expected);

    const changed = await new Runner({ agent: agent(replayModel(file), 'Answer in French.') }).query('Weather in Beijing?');
    expect(changed.status).toBe('error');
    expect(summarize(changed.events)).toEqual(['WeatherAgent [WeatherAgent] | ERROR MODEL_FAILED']);
    expect(changed.error).toMatchObject({ code: 'MODEL_FAILED', cause: { code: 'CASSETTE_MISMATCH' } });
    const cause = (changed.error?.cause ?? {}) as { message: string };
    expect(cause.message.split('\n').slice(1)).toEqual([
      'closest recorded request: line 1',
      'first differing message: 0 (- recorded, + actual)',
      '    role: "system"',
      '  - content: "Answer weather questions."',
      '  + content: "Answer in French."',
      '    toolCalls: none',
    ]);
  });
});

/** What the loopback server answers one request with: a JSON body, or SSE events (then `data: [DONE]`). */
type Answer = { json: unknown } | { sse: unknown[] };
/** A fixed answer, or one chosen by whether the request asked to stream. */
type Reply = Answer | ((stream: boolean) => Answer);

interface LoopbackServer {
  baseURL: string;
  /** The JSON body of every request, in arrival order. */
  bodies: Record<string, unknown>[];
  close(): Promise<void>;
}

/** An OpenAI-compatible server on 127.0.0.1: the n-th request gets the n-th reply; past the list, HTTP 400 (not retried). */
async function startLoopbackServer(replies: readonly Reply[]): Promise<LoopbackServer> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
      const reply = replies[bodies.push(body) - 1];
      const answer = typeof reply === 'function' ? reply(body['stream'] === true) : reply;
      if (!answer) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `the loopback server has no reply for request ${bodies.length}` } }));
      } else if ('json' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end([...answer.sse.map((e) => JSON.stringify(e)), '[DONE]'].map((data) => `data: ${data}\n\n`).join(''));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  };
  return { baseURL: `http://127.0.0.1:${port}/v1`, bodies, close };
}

/** A `chat.completion` body with text or tool calls. */
const completion = (content: string | null, toolCalls: [id: string, name: string, args: string][] = []) => ({
  object: 'chat.completion',
  choices: [
    {
      index: 0,
      finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      message: {
        role: 'assistant',
        content,
        ...(toolCalls.length && {
          tool_calls: toolCalls.map(([id, name, a]) => ({ id, type: 'function', function: { name, arguments: a } })),
        }),
      },
    },
  ],
});
/** A `chat.completion.chunk` with one delta. */
const chunk = (delta: Record<string, unknown>) => ({
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta, finish_reason: null }],
});

describe('openAIChatModel in a chatModelAgent', () => {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  async function setup(replies: Reply[]) {
    const server = await startLoopbackServer(replies);
    servers.push(server);
    return { server, model: openAIChatModel({ baseURL: server.baseURL, model: 'test-model', retryBaseMs: 5 }) };
  }

  // WeatherAgent's two answers, as a JSON completion or as a stream, whichever the request asks for.
  const toolCallDelta = { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Beijing"}' } };
  const weatherAnswers: Reply[] = [
    (stream) =>
      stream
        ? { sse: [chunk({ tool_calls: [toolCallDelta] })] }
        : { json: completion(null, [['call_1', 'get_weather', '{"city":"Beijing"}']]) },
    (stream) =>
      stream
        ? { sse: [chunk({ content: 'It is 25°C ' }), chunk({ content: 'in Beijing.' })] }
        : { json: completion('It is 25°C in Beijing.') },
  ];
  /** One line per event; a streamed chunk shows its text, or its tool-call deltas in full. */
  const describeEvents = (events: readonly AgentEvent[]) =>
    events.map((e) => {
      const { message, stream, toolName } = e.output ?? {};
      if (stream) return `chunk: ${stream.content ?? JSON.stringify(stream.toolCalls)}`;
      const calls = (message?.toolCalls ?? []).map((c) => ` → ${c.name}(${c.arguments})`).join('');
      return e.error ? `ERROR ${e.error.code}` : `${message?.role}${toolName ? ` ${toolName}` : ''}: ${message?.content}${calls}`;
    });

  it('runs a transfer: the router transfers to WeatherAgent, which answers, each agent on its own loopback model', async () => {
    const router = await setup([{ json: completion(null, [['t1', 'transfer_to_agent', '{"agent_name":"WeatherAgent"}']]) }]);
    const weatherModel = await setup(weatherAnswers);
    const tree = withSubAgents(chatModelAgent({ name: 'RouterAgent', description: 'routes', model: router.model }), [
      chatModelAgent({ name: 'WeatherAgent', description: 'Answers weather questions.', model: weatherModel.model, tools: [getWeather] }),
    ]);
    const done = await new Runner({ agent: tree }).query('Weather in Beijing?');
    expect(done.events.map((e) => `${e.runPath.join('>')} ${describeEvents([e])[0]}`)).toEqual([
      'RouterAgent assistant:  → transfer_to_agent({"agent_name":"WeatherAgent"})',
      'RouterAgent tool transfer_to_agent: successfully transferred to agent [WeatherAgent]',
      'RouterAgent>WeatherAgent assistant:  → get_weather({"city":"Beijing"})',
      'RouterAgent>WeatherAgent tool get_weather: the temperature in Beijing is 25°C',
      'RouterAgent>WeatherAgent assistant: It is 25°C in Beijing.',
    ]);
    const tools = (router.server.bodies[0]?.['tools'] as { function: { name: string; description: string } }[]).map((t) => t.function);
    expect(tools).toEqual([
      expect.objectContaining({
        name: 'transfer_to_agent',
        description: expect.stringContaining('- WeatherAgent: Answers weather questions.'),
      }),
    ]);
  });

  for (const streaming of [false, true]) {
    it(`runs the ReAct loop against the loopback server (streaming: ${streaming})`, async () => {
      const { model, server } = await setup(weatherAnswers);
      const agent = chatModelAgent({ name: 'WeatherAgent', description: 'weather', model, tools: [getWeather] });
      const done = await new Runner({ agent, streaming }).query('Weather in Beijing?');
      expect(done.status).toBe('done');
      const chunks = streaming ? ['chunk: [{"index":0,"id":"call_1","name":"get_weather","arguments":"{\\"city\\":\\"Beijing\\"}"}]'] : [];
      const answerChunks = streaming ? ['chunk: It is 25°C ', 'chunk: in Beijing.'] : [];
      expect(describeEvents(done.events)).toEqual([
        ...chunks,
        'assistant:  → get_weather({"city":"Beijing"})',
        'tool get_weather: the temperature in Beijing is 25°C',
        ...answerChunks,
        'assistant: It is 25°C in Beijing.',
      ]);
      expect(server.bodies[1]?.['messages']).toEqual([
        { role: 'user', content: 'Weather in Beijing?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Beijing"}' } }],
        },
        { role: 'tool', content: 'the temperature in Beijing is 25°C', tool_call_id: 'call_1', name: 'get_weather' },
      ]);
    });
  }

  it('structured output: response_format json_schema on the wire, an invalid answer corrected, finalOutput typed', async () => {
    const { model, server } = await setup([{ json: completion('{"city":"Oslo"}') }, { json: completion('{"city":"Oslo","celsius":4}') }]);
    const agent = chatModelAgent({ name: 'Forecaster', description: 'forecasts', model, outputSchema: Forecast });
    const done = await new Runner({ agent }).query('Oslo?');
    expect(done.status === 'done' && done.finalOutput).toEqual({ city: 'Oslo', celsius: 4 });
    expect(describeEvents(done.events)).toEqual(['assistant: {"city":"Oslo"}', 'assistant: {"city":"Oslo","celsius":4}']);
    for (const body of server.bodies)
      expect(body['response_format']).toEqual({
        type: 'json_schema',
        json_schema: { name: 'Forecaster', description: 'forecasts', schema: FORECAST_INPUT },
      });
    expect((server.bodies[1]?.['messages'] as { role: string; content: string }[]).at(-1)).toEqual({
      role: 'user',
      content: expect.stringMatching(/^Your answer does not match the required output schema: celsius: Invalid input: expected number/),
    });
  });
});
