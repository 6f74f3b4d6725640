import { createRequire } from 'node:module';
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { chatModelAgent, Runner, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ATTR, otelInstrumentation, type OtelInstrumentationOptions } from './index.ts';
import { memoryTracing } from '../test-support/span-tree.ts';

const LATEST = 'gen_ai_latest_experimental';

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
  it(`${LATEST}: invoke_agent, chat and execute_tool spans carry exactly the conventions' attributes, gen_ai.provider.name among them`, async () => {
    const { done, named } = await weatherRun('Oslo', { provider: 'openai', semconvStabilityOptIn: LATEST });
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
          'weft.step': 5,
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
    const { done, named } = await weatherRun('Atlantis', { provider: 'openai', semconvStabilityOptIn: LATEST, captureContent: true });
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
    const { named } = await weatherRun('Rome', { semconvStabilityOptIn: LATEST, captureContent: true });
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

  it('by default (no opt-in), the provider is gen_ai.system, as in v1.36.0 of the conventions; the opt-in is read from OTEL_SEMCONV_STABILITY_OPT_IN', async () => {
    const old = await weatherRun('Oslo', { provider: 'openai' });
    for (const name of ['invoke_agent Weather', 'chat gpt-test'])
      for (const s of old.named(name)) {
        expect(s.attributes['gen_ai.system']).toBe('openai');
        expect(s.attributes).not.toHaveProperty('gen_ai.provider.name');
      }
    vi.stubEnv('OTEL_SEMCONV_STABILITY_OPT_IN', ` http/dup , ${LATEST}`);
    const latest = await weatherRun('Oslo', { provider: (model) => (model === 'gpt-test' ? 'openai' : undefined) });
    for (const name of ['invoke_agent Weather', 'chat gpt-test'])
      for (const s of latest.named(name)) {
        expect(s.attributes['gen_ai.provider.name']).toBe('openai');
        expect(s.attributes).not.toHaveProperty('gen_ai.system');
      }
  });
});

describe('the attribute names', () => {
  it('every gen_ai.*, server.* and error.* name this package writes is one of @opentelemetry/semantic-conventions (incubating)', () => {
    // Not a dependency of this package: the copy the OpenTelemetry SDK itself depends on.
    const sdk = createRequire(import.meta.url).resolve('@opentelemetry/sdk-trace-base');
    const semconv = createRequire(sdk)('@opentelemetry/semantic-conventions/incubating') as Record<string, unknown>;
    const known = new Set(Object.entries(semconv).flatMap(([k, v]) => (k.startsWith('ATTR_') ? [v] : [])));
    const ours = Object.values(ATTR).filter((name) => !name.startsWith('weft.'));
    expect(ours.filter((name) => !known.has(name))).toEqual([]);
    expect(ours).toContain('gen_ai.provider.name');
  });
});
