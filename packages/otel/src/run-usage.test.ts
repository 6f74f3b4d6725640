/**
 * A run's span shows the thread's usage after the run and its budget
 * (weft.usage.*, weft.budget.*, weft.budget.remaining.*); a budget
 * interrupt is an event on it; a BUDGET_EXCEEDED run's span is an error of
 * that type. Model calls are counted by nodes that charge the budget as a
 * model node does (one call before, its tokens and cost after).
 */
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { chatModelAgent, Runner, tool } from '@weft/agents';
import { END, START, MemoryStore, graph, type Budget, type NodeContext } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { otelInstrumentation } from './index.ts';
import { memoryTracing, spanTree } from '../test-support/span-tree.ts';

/** One "model call" of 10 tokens (9 in, 1 out) at $0.01, then one tool call. */
function work(ctx: { budget: NodeContext['budget'] }): void {
  ctx.budget.charge({ modelCalls: 1 });
  ctx.budget.record({ tokens: 10, inputTokens: 9, outputTokens: 1, costUsd: 0.01 });
  ctx.budget.charge({ toolCalls: 1 });
}

/** a → b → c, each doing `work`. */
function chain(store: MemoryStore, budget: Budget | undefined) {
  return graph<string, string>({ name: 'chain' })
    .addNode('a', (x: string, ctx) => (work(ctx), `${x}a`))
    .addNode('b', (x: string, ctx) => (work(ctx), `${x}b`))
    .addNode('c', (x: string, ctx) => (work(ctx), `${x}c`))
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', END)
    .compile({ store, ...(budget ? { budget } : {}) });
}

/** The span's weft.usage.* and weft.budget.* attributes (wall time replaced: it is real time). */
function usageOf(span: ReadableSpan): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(span.attributes))
    if (key.startsWith('weft.usage.') || key.startsWith('weft.budget.')) out[key] = key.endsWith('wall_ms') ? typeof value : value;
  return out;
}

const used = (calls: number) => ({
  'weft.usage.tokens': calls * 10,
  'weft.usage.input_tokens': calls * 9,
  'weft.usage.output_tokens': calls,
  'weft.usage.cost_usd': expect.closeTo(calls * 0.01, 9),
  'weft.usage.model_calls': calls,
  'weft.usage.tool_calls': calls,
  'weft.usage.wall_ms': 'number',
});

describe('otelInstrumentation: usage and budget on the run span', () => {
  it('a run with a budget: the thread’s usage, the budget and what is left of each limit', async () => {
    const { exporter, tracer } = memoryTracing();
    const g = chain(new MemoryStore(), { tokens: 100, costUsd: 0.5, modelCalls: 5 });
    const done = await g.run('x', { threadId: 't', instrumentation: [otelInstrumentation({ tracer })] });
    expect(done.status).toBe('done');
    const run = exporter.getFinishedSpans().find((s) => s.name === 'run chain')!;
    expect(usageOf(run)).toEqual({
      ...used(3),
      'weft.budget.tokens': 100,
      'weft.budget.remaining.tokens': 70,
      'weft.budget.cost_usd': 0.5,
      'weft.budget.remaining.cost_usd': 0.47,
      'weft.budget.model_calls': 5,
      'weft.budget.remaining.model_calls': 2,
      'weft.budget.on_exceeded': 'error',
    });
    expect(run.status.code).toBe(0);
  });

  it('a run without a budget that counted something has its usage and no budget; one that counted nothing has neither', async () => {
    const { exporter, tracer } = memoryTracing();
    await chain(new MemoryStore(), undefined).run('x', { threadId: 't', instrumentation: [otelInstrumentation({ tracer })] });
    const plain = graph<string, string>({ name: 'plain' })
      .addNode('echo', (x: string) => x)
      .addEdge(START, 'echo')
      .addEdge('echo', END)
      .compile({ store: new MemoryStore() });
    await plain.run('x', { threadId: 'p', instrumentation: [otelInstrumentation({ tracer })] });
    const spans = exporter.getFinishedSpans();
    expect(usageOf(spans.find((s) => s.name === 'run chain')!)).toEqual(used(3));
    expect(usageOf(spans.find((s) => s.name === 'run plain')!)).toEqual({});
  });

  it('BUDGET_EXCEEDED: the run span is an ERROR with error.type BUDGET_EXCEEDED, and shows the usage and the spent budget', async () => {
    const { exporter, tracer } = memoryTracing();
    const failed = await chain(new MemoryStore(), { modelCalls: 2 }).run('x', {
      threadId: 't',
      instrumentation: [otelInstrumentation({ tracer })],
    });
    expect([failed.status, failed.error?.code]).toEqual(['error', 'BUDGET_EXCEEDED']);
    const spans = exporter.getFinishedSpans();
    const run = spans.find((s) => s.name === 'run chain')!;
    expect([run.status.code, run.attributes['error.type'], run.attributes['weft.run.status']]).toEqual([2, 'BUDGET_EXCEEDED', 'error']);
    // The third call was refused before it was made: two model calls, and the tool call of the first two nodes.
    expect(usageOf(run)).toEqual({
      ...used(2),
      'weft.budget.model_calls': 2,
      'weft.budget.remaining.model_calls': 0,
      'weft.budget.on_exceeded': 'error',
    });
    expect(spanTree(spans, ['error.type'])).toEqual([
      'run chain error.type="BUDGET_EXCEEDED" !exception ERROR',
      '  step 1',
      '    node a',
      '  step 2',
      '    node b',
      '  step 3',
      '    node c error.type="BUDGET_EXCEEDED" !exception ERROR',
    ]);
  });

  it("onExceeded 'interrupt': an event on the span with what was crossed; the resume that extends it continues the count", async () => {
    const { exporter, tracer } = memoryTracing();
    const store = new MemoryStore();
    const instrumentation = [otelInstrumentation({ tracer })];
    const g = chain(store, { modelCalls: 2, onExceeded: 'interrupt' });
    const first = await g.run('x', { threadId: 't', instrumentation });
    expect(first.status).toBe('interrupted');
    const id = first.interrupts[0]!.id;
    const done = await g.resume({ threadId: 't', resume: { [id]: { extend: { modelCalls: 1 } } }, instrumentation });
    expect([done.status, done.usage.modelCalls]).toEqual(['done', 3]);
    const [paused, resumed] = exporter.getFinishedSpans().filter((s) => s.name === 'run chain');
    expect(paused!.events.map((e) => e.name)).toEqual(['interrupt', 'weft.budget.interrupt']);
    const event = paused!.events[1]!;
    expect({ ...event.attributes, 'weft.usage.wall_ms': typeof event.attributes!['weft.usage.wall_ms'] }).toEqual({
      'weft.interrupt.id': id,
      'weft.budget.exceeded': ['modelCalls'],
      ...used(2),
      'weft.budget.model_calls': 2,
      'weft.budget.remaining.model_calls': 0,
      'weft.budget.on_exceeded': 'interrupt',
    });
    expect(usageOf(paused!)).toMatchObject({ 'weft.usage.model_calls': 2, 'weft.budget.model_calls': 2 });
    expect(paused!.status.code).toBe(0);
    // The resumed run starts from the checkpoint's count: never reset, never counted twice.
    expect(usageOf(resumed!)).toEqual({
      ...used(3),
      'weft.budget.model_calls': 3,
      'weft.budget.remaining.model_calls': 0,
      'weft.budget.on_exceeded': 'interrupt',
    });
    expect(resumed!.spanContext().traceId).toBe(paused!.spanContext().traceId);
  });

  it('an agent run with a Runner budget: its run span has the thread’s usage and budget, each chat span its own GenAI usage', async () => {
    const { exporter, tracer } = memoryTracing();
    const model = scriptedModel(
      [
        { toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }], usage: { inputTokens: 1_000, outputTokens: 200 } },
        { text: 'Sunny.', usage: { inputTokens: 2_000, outputTokens: 100 }, finishReason: 'stop' },
      ],
      { name: 'gpt-test' },
    );
    const weather = tool({
      name: 'get_weather',
      description: 'The weather.',
      parameters: z.object({ city: z.string() }),
      execute: () => 'sunny',
    });
    const agent = chatModelAgent({ name: 'Weather', description: 'weather', model, tools: [weather] });
    const runner = new Runner({
      agent,
      store: new MemoryStore(),
      budget: { tokens: 10_000, costUsd: 1, toolCalls: 3 },
      // $1 per million input tokens, $4 per million output tokens.
      prices: { 'gpt-test': { inputPerMillion: 1, outputPerMillion: 4 } },
      instrumentation: [otelInstrumentation({ tracer })],
    });
    const done = await runner.query('weather in Oslo?', { threadId: 'w1' });
    expect(done.status).toBe('done');
    const spans = exporter.getFinishedSpans();
    const run = spans.find((s) => s.name === 'run agents:Weather')!;
    expect(usageOf(run)).toEqual({
      'weft.usage.tokens': 3_300,
      'weft.usage.input_tokens': 3_000,
      'weft.usage.output_tokens': 300,
      'weft.usage.cost_usd': expect.closeTo(0.0042, 9),
      'weft.usage.model_calls': 2,
      'weft.usage.tool_calls': 1,
      'weft.usage.wall_ms': 'number',
      'weft.budget.tokens': 10_000,
      'weft.budget.remaining.tokens': 6_700,
      'weft.budget.cost_usd': 1,
      'weft.budget.remaining.cost_usd': 0.9958,
      'weft.budget.tool_calls': 3,
      'weft.budget.remaining.tool_calls': 2,
      'weft.budget.on_exceeded': 'error',
    });
    expect(
      spans
        .filter((s) => s.name === 'chat gpt-test')
        .map((s) => [s.attributes['gen_ai.usage.input_tokens'], s.attributes['gen_ai.usage.output_tokens']]),
    ).toEqual([
      [1_000, 200],
      [2_000, 100],
    ]);
  });
});
