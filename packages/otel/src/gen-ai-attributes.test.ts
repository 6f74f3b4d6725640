import { SpanKind } from '@opentelemetry/api';
import { MockLanguageModelV4 } from 'ai/test';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { chatModelAgent, Runner, tool, type ChatModel } from '@weft/agents';
import { aiSdkModel, openAIChatModel, scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ATTR, otelInstrumentation, type OtelInstrumentationOptions } from './index.ts';
import { memoryTracing } from '../test-support/span-tree.ts';
import {
  chunk,
  completion,
  finishChunk,
  json,
  sse,
  sseText,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../models/src/openai/test-support/fake-openai-server.ts';

const weather = tool({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => {
    if (city === 'Atlantis') throw new Error('no such city');
    return `sunny in ${city}`;
  },
});

/** A ReAct agent that calls get_weather for `city`, then answers; its spans by name. */
async function weatherRun(city: string, options: Omit<OtelInstrumentationOptions, 'tracer'>) {
  const { exporter, tracer } = memoryTracing();
  const model = scriptedModel(
    [
      {
        toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city } }],
        usage: { inputTokens: 12, outputTokens: 5 },
        finishReason: 'tool-calls',
      },
      { text: 'It is sunny.', usage: { inputTokens: 30, outputTokens: 4 }, finishReason: 'stop' },
    ],
    { name: 'gpt-test' },
  );
  const agent = chatModelAgent({ name: 'Weather', description: 'answers about the weather', model, tools: [weather] });
  const done = await new Runner({ agent, instrumentation: [otelInstrumentation({ tracer, ...options })] }).query(`weather in ${city}?`, {
    threadId: 'w1',
  });
  const spans = exporter.getFinishedSpans();
  const named = (name: string) => spans.filter((s) => s.name === name);
  return { done, spans, named };
}

const kindAndAttributes = (s: ReadableSpan) => ({ kind: s.kind, attributes: s.attributes });

afterEach(() => void vi.unstubAllEnvs());

describe('GenAI semantic conventions: the attributes of each span kind', () => {
  it("by default: invoke_agent, chat and execute_tool spans carry exactly the conventions' attributes, gen_ai.provider.name among them", async () => {
    const { done, named } = await weatherRun('Oslo', { provider: 'openai' });
    expect(done.status).toBe('done');
    expect(named('invoke_agent Weather').map(kindAndAttributes)).toEqual([
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.provider.name': 'openai',
          'gen_ai.agent.name': 'Weather',
          'gen_ai.agent.description': 'answers about the weather',
          'gen_ai.request.model': 'gpt-test',
          'gen_ai.conversation.id': 'w1',
        },
      },
    ]);
    const chat = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.agent.name': 'Weather',
      'gen_ai.conversation.id': 'w1',
      'weft.node.name': 'Weather',
      'weft.node.kind': 'chat-model',
    };
    expect(named('chat gpt-test').map(kindAndAttributes)).toEqual([
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...chat,
          'weft.step': 2,
          'gen_ai.usage.input_tokens': 12,
          'gen_ai.usage.output_tokens': 5,
          'gen_ai.response.finish_reasons': ['tool_calls'],
        },
      },
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...chat,
          'weft.step': 4,
          'gen_ai.usage.input_tokens': 30,
          'gen_ai.usage.output_tokens': 4,
          'gen_ai.response.finish_reasons': ['stop'],
        },
      },
    ]);
    expect(named('execute_tool get_weather').map(kindAndAttributes)).toEqual([
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'get_weather',
          'gen_ai.tool.call.id': 'c1',
          'gen_ai.tool.description': 'The weather of a city.',
          'gen_ai.tool.type': 'function',
          'gen_ai.agent.name': 'Weather',
          'gen_ai.conversation.id': 'w1',
          'weft.node.name': 'Weather:tools',
          'weft.node.kind': 'tools',
          'weft.node.key': 'tool:get_weather:c1',
          'weft.step': 3,
        },
      },
    ]);
    expect(named('execute_tool get_weather')[0]!.status).toEqual({ code: 0 });
  });

  it('a tool that throws: its execute_tool span has status ERROR and error.type, while the agent goes on with the error as the tool result', async () => {
    const { done, named } = await weatherRun('Atlantis', { provider: 'openai', captureContent: true });
    expect(done.status).toBe('done');
    const [failed] = named('execute_tool get_weather');
    expect(failed!.status).toEqual({ code: 2, message: 'get_weather failed: no such city' });
    expect(failed!.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.description': 'The weather of a city.',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.call.arguments': '{"city":"Atlantis"}',
      'gen_ai.agent.name': 'Weather',
      'gen_ai.conversation.id': 'w1',
      'error.type': 'TOOL_FAILED',
      'weft.node.name': 'Weather:tools',
      'weft.node.kind': 'tools',
      'weft.node.key': 'tool:get_weather:c1',
      'weft.step': 3,
    });
    // No result: the conventions record one only for a call that succeeded.
    expect(failed!.events.map((e) => [e.name, e.attributes])).toEqual([
      ['exception', { 'exception.type': 'AgentError', 'exception.message': 'get_weather failed: no such city' }],
    ]);
    // The model went on and answered; the agent and the run are not failed.
    expect(named('chat gpt-test').map((s) => s.status.code)).toEqual([0, 0]);
    expect(named('invoke_agent Weather')[0]!.status.code).toBe(0);
    expect(named('run agents:Weather')[0]!.attributes['weft.run.status']).toBe('done');
  });

  it('captureContent: output messages in the parts format, tool arguments and result as JSON, finish reasons in the conventions’ words', async () => {
    const { named } = await weatherRun('Rome', { captureContent: true });
    const outputs = named('chat gpt-test').map((s) => JSON.parse(String(s.attributes['gen_ai.output.messages'])) as unknown);
    expect(outputs).toEqual([
      [
        {
          role: 'assistant',
          parts: [{ type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Rome' } }],
          finish_reason: 'tool_calls',
        },
      ],
      [{ role: 'assistant', parts: [{ type: 'text', content: 'It is sunny.' }], finish_reason: 'stop' }],
    ]);
    const [call] = named('execute_tool get_weather');
    expect(call!.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Rome"}');
    expect(call!.attributes['gen_ai.tool.call.result']).toBe('"sunny in Rome"');
  });

  it('a streaming run: its chat spans say gen_ai.request.stream', async () => {
    const { exporter, tracer } = memoryTracing();
    const model = scriptedModel([{ chunks: ['Hel', 'lo.'], finishReason: 'stop' }], { name: 'm' });
    const agent = chatModelAgent({ name: 'Greeter', description: '', model });
    await new Runner({ agent, streaming: true, instrumentation: [otelInstrumentation({ tracer })] }).query('hi');
    const [chat] = exporter.getFinishedSpans().filter((s) => s.name === 'chat m');
    expect(chat!.attributes).toMatchObject({ 'gen_ai.request.stream': true, 'gen_ai.response.finish_reasons': ['stop'] });
  });

  it('the provider is gen_ai.provider.name, whatever OTEL_SEMCONV_STABILITY_OPT_IN says; emitGenAiSystem also writes gen_ai.system', async () => {
    const providerAttributes = (run: Awaited<ReturnType<typeof weatherRun>>) =>
      ['invoke_agent Weather', 'chat gpt-test'].flatMap((name) =>
        run.named(name).map((s) => [s.attributes['gen_ai.provider.name'], s.attributes['gen_ai.system']]),
      );
    const latest = [
      ['openai', undefined],
      ['openai', undefined],
      ['openai', undefined],
    ];
    const both = [
      ['openai', 'openai'],
      ['openai', 'openai'],
      ['openai', 'openai'],
    ];
    expect(providerAttributes(await weatherRun('Oslo', { provider: 'openai' }))).toEqual(latest);
    vi.stubEnv('OTEL_SEMCONV_STABILITY_OPT_IN', 'gen_ai_latest_experimental');
    expect(providerAttributes(await weatherRun('Oslo', { provider: 'openai' }))).toEqual(latest);
    vi.stubEnv('OTEL_SEMCONV_STABILITY_OPT_IN', 'http/dup');
    expect(providerAttributes(await weatherRun('Oslo', { provider: 'openai' }))).toEqual(latest);
    vi.unstubAllEnvs();
    const byName = await weatherRun('Oslo', { provider: (model) => (model === 'gpt-test' ? 'openai' : undefined), emitGenAiSystem: true });
    expect(providerAttributes(byName)).toEqual(both);
  });
});

describe('the attribute names', () => {
  it('every gen_ai.*, server.* and error.* name this package writes is one of @opentelemetry/semantic-conventions (incubating)', async () => {
    const semconv = (await import('@opentelemetry/semantic-conventions/incubating')) as Record<string, unknown>;
    const known = new Set(Object.entries(semconv).flatMap(([k, v]) => (k.startsWith('ATTR_') ? [v] : [])));
    const ours = Object.values(ATTR).filter((name) => !name.startsWith('weft.'));
    expect(ours.filter((name) => !known.has(name))).toEqual([]);
    expect(ours).toEqual(expect.arrayContaining(['gen_ai.provider.name', 'gen_ai.input.messages', 'server.address', 'gen_ai.response.id']));
  });
});

const servers: FakeOpenAIServer[] = [];
afterEach(async () => void (await Promise.all(servers.splice(0).map((s) => s.close()))));

/** The weather agent (an instruction, one tool) on `model`, traced; its spans by name. */
async function tracedWeather(model: ChatModel, options: Omit<OtelInstrumentationOptions, 'tracer'> = {}, streaming = false) {
  const { exporter, tracer } = memoryTracing();
  const agent = chatModelAgent({
    name: 'Weather',
    description: 'answers about the weather',
    instruction: 'Answer in one sentence.',
    model,
    tools: [weather],
  });
  const runner = new Runner({ agent, streaming, instrumentation: [otelInstrumentation({ tracer, ...options })] });
  const done = await runner.query('weather in Oslo?', { threadId: 'w1' });
  const spans = exporter.getFinishedSpans();
  return { done, named: (name: string) => spans.filter((s) => s.name === name) };
}

/** What a chat span of the weather agent always has. */
const weatherChat = {
  'gen_ai.operation.name': 'chat',
  'gen_ai.agent.name': 'Weather',
  'gen_ai.conversation.id': 'w1',
  'weft.node.name': 'Weather',
  'weft.node.kind': 'chat-model',
};

describe('models that describe themselves: provider, server, request parameters, response id and model', () => {
  it('openAIChatModel against a Chat Completions server: chat spans with server.*, the request parameters and the response id and model', async () => {
    const answer = (body: ReturnType<typeof completion>, id: string) => json({ ...body, id, model: 'gpt-4o-mini-2024-07-18' });
    const server = await startFakeOpenAIServer([
      answer(completion(null, [['c1', 'get_weather', '{"city":"Oslo"}']], [12, 5]), 'chatcmpl-A1'),
      answer(completion('It is sunny.', [], [30, 4]), 'chatcmpl-A2'),
    ]);
    servers.push(server);
    const port = Number(new URL(server.baseURL).port);
    const model = openAIChatModel({ baseURL: server.baseURL, model: 'gpt-4o-mini', provider: 'openai', temperature: 0.2, maxTokens: 256 });
    const { done, named } = await tracedWeather(model);
    expect(done.status).toBe('done');
    const request = { 'gen_ai.request.model': 'gpt-4o-mini', 'gen_ai.request.temperature': 0.2, 'gen_ai.request.max_tokens': 256 };
    expect(named('invoke_agent Weather').map(kindAndAttributes)).toEqual([
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.provider.name': 'openai',
          'gen_ai.agent.name': 'Weather',
          'gen_ai.agent.description': 'answers about the weather',
          ...request,
          'gen_ai.conversation.id': 'w1',
        },
      },
    ]);
    const chat = { ...weatherChat, 'gen_ai.provider.name': 'openai', ...request, 'server.address': '127.0.0.1', 'server.port': port };
    expect(named('chat gpt-4o-mini').map(kindAndAttributes)).toEqual([
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...chat,
          'weft.step': 2,
          'gen_ai.usage.input_tokens': 12,
          'gen_ai.usage.output_tokens': 5,
          'gen_ai.response.finish_reasons': ['tool_calls'],
          'gen_ai.response.id': 'chatcmpl-A1',
          'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
        },
      },
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...chat,
          'weft.step': 4,
          'gen_ai.usage.input_tokens': 30,
          'gen_ai.usage.output_tokens': 4,
          'gen_ai.response.finish_reasons': ['stop'],
          'gen_ai.response.id': 'chatcmpl-A2',
          'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
        },
      },
    ]);
  });

  it('openAIChatModel streaming: the response id and model come from the chunks', async () => {
    const withModel = (c: object) => ({ ...c, id: 'chatcmpl-S1', model: 'gpt-4o-mini-2024-07-18' });
    const events = [
      chunk({ role: 'assistant' }),
      chunk({ content: 'It is ' }),
      chunk({ content: 'sunny.' }),
      finishChunk('stop'),
      chunk(null, [9, 3]),
    ];
    const server = await startFakeOpenAIServer([sse(sseText(events.map(withModel)))]);
    servers.push(server);
    const model = openAIChatModel({ baseURL: server.baseURL, model: 'gpt-4o-mini' });
    const { named } = await tracedWeather(model, {}, true);
    // 127.0.0.1 is not api.openai.com, and the model was not told its provider: no gen_ai.provider.name.
    expect(named('chat gpt-4o-mini').map((s) => s.attributes)).toEqual([
      {
        ...weatherChat,
        'gen_ai.request.model': 'gpt-4o-mini',
        'server.address': '127.0.0.1',
        'server.port': Number(new URL(server.baseURL).port),
        'gen_ai.request.stream': true,
        'weft.step': 2,
        'gen_ai.usage.input_tokens': 9,
        'gen_ai.usage.output_tokens': 3,
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.response.id': 'chatcmpl-S1',
        'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
      },
    ]);
  });

  it("aiSdkModel: the AI SDK model's provider in the conventions' words, its model id, and the response's id and model id", async () => {
    const usage = (input: number, output: number) => ({
      inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: output, text: output, reasoning: undefined },
    });
    const response = (id: string) => ({ id, modelId: 'claude-sonnet-4-5-20250929', timestamp: new Date(0) });
    const mock = new MockLanguageModelV4({
      provider: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
      doGenerate: [
        {
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Oslo"}' }],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage: usage(12, 5),
          warnings: [],
          response: response('msg_01'),
        },
        {
          content: [{ type: 'text', text: 'It is sunny.' }],
          finishReason: { unified: 'stop', raw: 'end_turn' },
          usage: usage(30, 4),
          warnings: [],
          response: response('msg_02'),
        },
      ],
    });
    const { named } = await tracedWeather(aiSdkModel(mock, { temperature: 0, maxOutputTokens: 512 }));
    const request = { 'gen_ai.request.model': 'claude-sonnet-4-5', 'gen_ai.request.temperature': 0, 'gen_ai.request.max_tokens': 512 };
    expect(named('invoke_agent Weather').map((s) => s.attributes)).toEqual([
      {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.agent.name': 'Weather',
        'gen_ai.agent.description': 'answers about the weather',
        ...request,
        'gen_ai.conversation.id': 'w1',
      },
    ]);
    const chat = { ...weatherChat, 'gen_ai.provider.name': 'anthropic', ...request };
    // The span is named after the model id the request names, not the ChatModel's `provider:modelId` name.
    expect(named('chat claude-sonnet-4-5').map((s) => s.attributes)).toEqual([
      {
        ...chat,
        'weft.step': 2,
        'gen_ai.usage.input_tokens': 12,
        'gen_ai.usage.output_tokens': 5,
        'gen_ai.response.finish_reasons': ['tool_calls'],
        'gen_ai.response.id': 'msg_01',
        'gen_ai.response.model': 'claude-sonnet-4-5-20250929',
      },
      {
        ...chat,
        'weft.step': 4,
        'gen_ai.usage.input_tokens': 30,
        'gen_ai.usage.output_tokens': 4,
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.response.id': 'msg_02',
        'gen_ai.response.model': 'claude-sonnet-4-5-20250929',
      },
    ]);
  });

  it('a model of your own declares what it knows: every declared field is an attribute, top_p among them', async () => {
    const inner = scriptedModel([{ text: 'Sunny.', finishReason: 'stop', usage: { inputTokens: 7, outputTokens: 1 } }]);
    const model: ChatModel = {
      name: 'mistral',
      info: {
        provider: 'mistral_ai',
        server: { address: 'api.mistral.ai', port: 443 },
        request: { model: 'mistral-large-latest', temperature: 0.7, maxTokens: 64, topP: 0.9 },
      },
      generate: (messages, options) => inner.generate(messages, options),
      stream: (messages, options) => inner.stream(messages, options),
    };
    const { named } = await tracedWeather(model);
    expect(named('chat mistral-large-latest').map((s) => s.attributes)).toEqual([
      {
        ...weatherChat,
        'gen_ai.provider.name': 'mistral_ai',
        'gen_ai.request.model': 'mistral-large-latest',
        'gen_ai.request.temperature': 0.7,
        'gen_ai.request.max_tokens': 64,
        'gen_ai.request.top_p': 0.9,
        'server.address': 'api.mistral.ai',
        'server.port': 443,
        'weft.step': 2,
        'gen_ai.usage.input_tokens': 7,
        'gen_ai.usage.output_tokens': 1,
        'gen_ai.response.finish_reasons': ['stop'],
      },
    ]);
  });

  it("the otel provider option wins over the model's declared provider; a function that does not know falls back to it", async () => {
    const mock = () =>
      new MockLanguageModelV4({
        provider: 'google.vertex.chat',
        modelId: 'gemini-2.5-flash',
        doGenerate: {
          content: [{ type: 'text', text: 'Sunny.' }],
          finishReason: { unified: 'stop', raw: 'STOP' },
          usage: {
            inputTokens: { total: 4, noCache: 4, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 2, text: 2, reasoning: undefined },
          },
          warnings: [],
        },
      });
    const provider = async (options: Omit<OtelInstrumentationOptions, 'tracer'>) =>
      (await tracedWeather(aiSdkModel(mock()), options)).named('chat gemini-2.5-flash')[0]!.attributes['gen_ai.provider.name'];
    expect(await provider({})).toBe('gcp.vertex_ai');
    expect(await provider({ provider: 'gcp.gen_ai' })).toBe('gcp.gen_ai');
    expect(await provider({ provider: () => undefined })).toBe('gcp.vertex_ai');
  });

  it('an agent with an outputSchema asks for JSON: gen_ai.output.type is json on its chat and invoke_agent spans', async () => {
    const { exporter, tracer } = memoryTracing();
    const model = scriptedModel([{ output: { city: 'Oslo', celsius: 4 } }], { name: 'm' });
    const Forecast = z.object({ city: z.string(), celsius: z.number() });
    const agent = chatModelAgent({ name: 'Forecaster', description: '', model, outputSchema: Forecast });
    await new Runner({ agent, instrumentation: [otelInstrumentation({ tracer })] }).query('Oslo?');
    const spans = exporter.getFinishedSpans();
    expect(spans.filter((s) => 'gen_ai.output.type' in s.attributes).map((s) => [s.name, s.attributes['gen_ai.output.type']])).toEqual([
      ['chat m', 'json'],
      ['invoke_agent Forecaster', 'json'],
    ]);
  });
});

describe('gen_ai.input.messages (captureContent)', () => {
  it("each chat span has the messages its call sent, in the conventions' parts: the instruction as the leading system message, tool calls and results", async () => {
    const server = await startFakeOpenAIServer([
      json(completion(null, [['c1', 'get_weather', '{"city":"Oslo"}']])),
      json(completion('It is sunny.')),
    ]);
    servers.push(server);
    const model = openAIChatModel({ baseURL: server.baseURL, model: 'gpt-4o-mini' });
    const { named } = await tracedWeather(model, { captureContent: true });
    const inputs = named('chat gpt-4o-mini').map((s) => JSON.parse(String(s.attributes['gen_ai.input.messages'])) as unknown);
    const system = { role: 'system', parts: [{ type: 'text', content: 'Answer in one sentence.' }] };
    const user = { role: 'user', parts: [{ type: 'text', content: 'weather in Oslo?' }] };
    expect(inputs).toEqual([
      [system, user],
      [
        system,
        user,
        { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'sunny in Oslo' }] },
      ],
    ]);
    // Exactly what the server got, message for message.
    expect(server.requests.map((r) => (r.body['messages'] as { role: string }[]).map((m) => m.role))).toEqual([
      ['system', 'user'],
      ['system', 'user', 'assistant', 'tool'],
    ]);
    // Sent as chat history, the instruction is not also gen_ai.system_instructions (that is for instructions passed apart from it).
    expect(named('chat gpt-4o-mini').some((s) => 'gen_ai.system_instructions' in s.attributes)).toBe(false);
  });

  it('without captureContent no span has input messages', async () => {
    const model = scriptedModel([{ text: 'Sunny.' }], { name: 'm' });
    const { named } = await tracedWeather(model);
    expect(named('chat m').map((s) => 'gen_ai.input.messages' in s.attributes)).toEqual([false]);
  });
});
