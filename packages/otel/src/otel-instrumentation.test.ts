import { trace } from '@opentelemetry/api';
import { chatModelAgent, parallel, Runner, sequential, tool, withSubAgents } from '@weft/agents';
import { END, START, MemoryStore, graph } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TRACE_CONTEXT_KEY, otelInstrumentation } from './index.ts';
import { memoryTracing, spanTree } from '../test-support/span-tree.ts';

const GEN_AI = [
  'gen_ai.operation.name',
  'gen_ai.request.model',
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'gen_ai.response.finish_reasons',
  'gen_ai.tool.name',
  'gen_ai.tool.call.id',
];

const weather = tool({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `sunny in ${city}`,
});

describe('otelInstrumentation: spans on the GenAI semantic conventions', () => {
  it('a ReAct agent: the run, its first step, the agent, and its model and tool calls with usage and finish reasons', async () => {
    const { exporter, tracer } = memoryTracing();
    const model = scriptedModel(
      [
        {
          toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }],
          usage: { inputTokens: 12, outputTokens: 5 },
          finishReason: 'tool-calls',
        },
        { text: 'It is sunny.', usage: { inputTokens: 30, outputTokens: 4 }, finishReason: 'stop' },
      ],
      { name: 'gpt-test' },
    );
    const agent = chatModelAgent({ name: 'Weather', description: 'weather', model, tools: [weather] });
    const done = await new Runner({ agent, instrumentation: [otelInstrumentation({ tracer })] }).query('weather in Oslo?', {
      threadId: 'w1',
    });
    expect(done.status).toBe('done');
    const spans = exporter.getFinishedSpans();
    expect(spanTree(spans, GEN_AI)).toEqual([
      'run agents:Weather',
      '  step 1',
      '    node run:start',
      '  invoke_agent Weather gen_ai.operation.name="invoke_agent" gen_ai.request.model="gpt-test"',
      '    chat gpt-test gen_ai.operation.name="chat" gen_ai.request.model="gpt-test" gen_ai.usage.input_tokens=12 gen_ai.usage.output_tokens=5 gen_ai.response.finish_reasons=["tool_calls"]',
      '    execute_tool get_weather gen_ai.operation.name="execute_tool" gen_ai.tool.name="get_weather" gen_ai.tool.call.id="c1"',
      '    chat gpt-test gen_ai.operation.name="chat" gen_ai.request.model="gpt-test" gen_ai.usage.input_tokens=30 gen_ai.usage.output_tokens=4 gen_ai.response.finish_reasons=["stop"]',
    ]);
    const run = spans.find((s) => s.name === 'run agents:Weather')!;
    expect(run.attributes).toMatchObject({
      'weft.run.id': done.status === 'done' && expect.any(String),
      'weft.thread.id': 'w1',
      'gen_ai.conversation.id': 'w1',
      'weft.run.status': 'done',
    });
    expect(spans.find((s) => s.name.startsWith('execute_tool'))!.attributes).toMatchObject({
      'gen_ai.agent.name': 'Weather',
      'weft.step': 3,
    });
    // Content is not recorded unless asked for.
    expect(spans.some((s) => 'gen_ai.output.messages' in s.attributes || 'gen_ai.tool.call.arguments' in s.attributes)).toBe(false);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it('records content when asked: the model answer, and the tool call arguments and result', async () => {
    const { exporter, tracer } = memoryTracing();
    const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Rome' } }] }, { text: 'Sunny.' }], {
      name: 'm',
    });
    const agent = chatModelAgent({ name: 'W', description: '', model, tools: [weather] });
    await new Runner({ agent, instrumentation: [otelInstrumentation({ tracer, captureContent: true })] }).query('?');
    const tool = exporter.getFinishedSpans().find((s) => s.name === 'execute_tool get_weather')!;
    expect(tool.attributes).toMatchObject({
      'gen_ai.tool.call.arguments': '{"city":"Rome"}',
      'gen_ai.tool.call.result': '"sunny in Rome"',
    });
    // One output message per answer, in the conventions' parts: the tool call, then the text.
    const answers = exporter
      .getFinishedSpans()
      .filter((s) => s.name === 'chat m')
      .map((s) => JSON.parse(String(s.attributes['gen_ai.output.messages'])) as { parts: { type: string }[] }[]);
    expect(answers.map((messages) => messages.flatMap((m) => m.parts.map((p) => p.type)))).toEqual([['tool_call'], ['text']]);
  });

  it('a parallel workflow: each sub-agent its own span under the workflow agents, with its model call', async () => {
    const { exporter, tracer } = memoryTracing();
    const talker = (name: string) =>
      chatModelAgent({ name, description: name, model: scriptedModel([{ text: `${name} says hi` }], { name: `m-${name}` }) });
    const team = sequential({
      name: 'team',
      description: '',
      subAgents: [parallel({ name: 'both', description: '', subAgents: [talker('A'), talker('B')] }), talker('C')],
    });
    await new Runner({ agent: team, instrumentation: [otelInstrumentation({ tracer })] }).query('go');
    const tree = spanTree(exporter.getFinishedSpans());
    expect(tree.slice(0, 5)).toEqual(['run agents:team', '  step 1', '    node run:start', '  invoke_agent team', '    node team']);
    expect(tree.slice(5)).toEqual([
      '    invoke_agent both',
      '      node both',
      // A and B run in one step; their spans start in the order of their tasks.
      ...(tree.indexOf('      invoke_agent A') < tree.indexOf('      invoke_agent B')
        ? ['      invoke_agent A', '        chat m-A', '      invoke_agent B', '        chat m-B']
        : ['      invoke_agent B', '        chat m-B', '      invoke_agent A', '        chat m-A']),
      '      node both:join',
      '    invoke_agent C',
      '      chat m-C',
    ]);
  });

  it('a transfer is an event on the agent that hands off; the target agent is its child', async () => {
    const { exporter, tracer } = memoryTracing();
    const billing = chatModelAgent({
      name: 'Billing',
      description: 'refunds',
      model: scriptedModel([{ text: 'Refunded.' }], { name: 'm-billing' }),
    });
    const coordinator = withSubAgents(
      chatModelAgent({
        name: 'Coordinator',
        description: 'routes',
        model: scriptedModel([{ toolCalls: [{ id: 't1', name: 'transfer_to_agent', arguments: { agent_name: 'Billing' } }] }], {
          name: 'm-coord',
        }),
      }),
      [billing],
    );
    await new Runner({ agent: coordinator, instrumentation: [otelInstrumentation({ tracer })] }).query('refund please');
    const spans = exporter.getFinishedSpans();
    expect(spanTree(spans)).toEqual([
      'run agents:Coordinator',
      '  step 1',
      '    node run:start',
      '  invoke_agent Coordinator !transfer',
      '    chat m-coord',
      '    execute_tool transfer_to_agent',
      '    invoke_agent Billing',
      '      chat m-billing',
    ]);
    expect(spans.find((s) => s.name === 'invoke_agent Coordinator')!.events[0]!.attributes).toEqual({
      'weft.transfer.from': 'Coordinator',
      'weft.transfer.to': 'Billing',
    });
  });

  it('an interrupt ends the run span (status interrupted); the resume continues the same trace, as a child of the first run', async () => {
    const { exporter, tracer } = memoryTracing();
    const refund = tool({
      name: 'refund',
      description: 'refunds',
      parameters: z.object({ amount: z.number() }),
      needsApproval: true,
      execute: ({ amount }) => `refunded ${amount}`,
    });
    const model = scriptedModel([{ toolCalls: [{ id: 'r1', name: 'refund', arguments: { amount: 40 } }] }, { text: 'Done.' }], {
      name: 'm',
    });
    const runner = new Runner({
      agent: chatModelAgent({ name: 'Clerk', description: '', model, tools: [refund] }),
      store: new MemoryStore(),
      instrumentation: [otelInstrumentation({ tracer })],
    });
    const paused = await runner.query('refund', { threadId: 'r' });
    expect(paused.status).toBe('interrupted');
    const first = exporter.getFinishedSpans().find((s) => s.name === 'run agents:Clerk')!;
    expect(first.attributes['weft.run.status']).toBe('interrupted');
    expect(first.events.map((e) => [e.name, e.attributes])).toEqual([
      ['interrupt', { 'weft.interrupt.ids': ['agent:Clerk/tool:refund:r1#0'] }],
    ]);
    exporter.reset();
    const done = await runner.resume(paused.checkpointId!, { resume: { 'agent:Clerk/tool:refund:r1#0': { approved: true } } });
    expect(done.status).toBe('done');
    const spans = exporter.getFinishedSpans();
    const second = spans.find((s) => s.name === 'run agents:Clerk')!;
    expect(second.spanContext().traceId).toBe(first.spanContext().traceId);
    expect(second.parentSpanContext?.spanId).toBe(first.spanContext().spanId);
    expect(second.attributes).toMatchObject({ 'weft.run.status': 'done', 'weft.run.resumed_from': expect.any(String) });
    expect(spanTree(spans).filter((l) => !l.startsWith('run '))).toEqual(['  invoke_agent Clerk', '    execute_tool refund', '    chat m']);
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(new Set([first.spanContext().traceId]));
  });

  it("a graph: a span per step and node; a node's failure is recorded on its span and the run's", async () => {
    const { exporter, tracer } = memoryTracing();
    const g = graph<number, number>({ name: 'calc' })
      .addNode('double', (n: number) => n * 2)
      .addNode('fail', (): number => {
        throw new Error('out of range');
      })
      .addEdge(START, 'double')
      .addEdge('double', 'fail')
      .addEdge('fail', END)
      .compile();
    const r = await g.run(2, { instrumentation: [otelInstrumentation({ tracer })] });
    expect(r.status).toBe('error');
    const spans = exporter.getFinishedSpans();
    expect(spanTree(spans, ['weft.step'])).toEqual([
      'run calc !exception ERROR',
      '  step 1 weft.step=1',
      '    node double weft.step=1',
      '  step 2 weft.step=2',
      '    node fail weft.step=2 !exception ERROR',
    ]);
    expect(spans.find((s) => s.name === 'node fail')!.attributes['error.type']).toBe('NODE_FAILED');
    expect(spans.find((s) => s.name === 'run calc')!.status).toEqual({
      code: 2,
      message: 'node "fail" failed after 1 attempt: out of range',
    });
  });

  it("with no tracer provider registered (the API's no-op), a run is not observed at all and keeps nothing in its context", async () => {
    expect(trace.getTracerProvider().getTracer('x').startSpan('probe').isRecording()).toBe(false);
    const context: Record<string, unknown> = {};
    const started = otelInstrumentation().startRun({
      graph: 'g',
      runId: 'r',
      threadId: 't',
      resumedFrom: undefined,
      context,
      nodes: new Map(),
    });
    expect(started).toBeUndefined();
    expect(context).toEqual({});
    const kept = memoryTracing();
    const ctx: Record<string, unknown> = {};
    const instrument = otelInstrumentation({ tracer: kept.tracer }).startRun({
      graph: 'g',
      runId: 'r',
      threadId: 't',
      resumedFrom: undefined,
      context: ctx,
      nodes: new Map(),
    });
    expect(instrument).toBeDefined();
    expect(ctx[TRACE_CONTEXT_KEY]).toEqual({
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
      spanId: expect.stringMatching(/^[0-9a-f]{16}$/),
      traceFlags: 1,
    });
  });
});
