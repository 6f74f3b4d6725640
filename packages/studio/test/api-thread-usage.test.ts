/**
 * What a thread spent, through the API: the thread list, a checkpoint's
 * state and the history carry its usage, its budget and what remains of it
 * (as the OpenAPI document says); the stream's step.end events carry the
 * count as it grows; a budget interrupt answered with an extension shows
 * the new budget and a count that went on, not one that started again.
 */
import { END, START, graph, type Budget, type NodeContext } from '@weft/graph';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { historyResponse, stateResponse, threadsResponse } from '../src/api/responses.ts';
import { readRunEvents } from './support/browser-studio.ts';
import { reviewStudio } from './support/review-graph.ts';

/** One "model call" (charged before, its tokens and cost recorded after), then `tools` tool calls. */
function spend(ctx: { budget: NodeContext['budget'] }, inputTokens: number, outputTokens: number, costUsd: number, tools = 0): void {
  ctx.budget.charge({ modelCalls: 1 });
  ctx.budget.record({ tokens: inputTokens + outputTokens, inputTokens, outputTokens, costUsd });
  for (let i = 0; i < tools; i++) ctx.budget.charge({ toolCalls: 1 });
}

/** draft (1,200 tokens, $0.0042) → check (300 tokens, $0.0011, a tool call); a thread whose input is "plain" spends nothing. */
function spending(budget: Budget) {
  return graph({ name: 'spending', input: z.string(), output: z.string() })
    .addNode('draft', (text: string, ctx) => (text === 'plain' || spend(ctx, 1_000, 200, 0.0042), `${text} drafted`))
    .addNode('check', (text: string, ctx) => (text.startsWith('plain') || spend(ctx, 250, 50, 0.0011, 1), `${text}, checked`))
    .addEdge(START, 'draft')
    .addEdge('draft', 'check')
    .addEdge('check', END)
    .compile({ budget });
}

const used = (over: Record<string, number>) => ({
  tokens: 1_500,
  inputTokens: 1_250,
  outputTokens: 250,
  costUsd: 0.0053,
  modelCalls: 2,
  toolCalls: 1,
  wallMs: expect.any(Number),
  ...over,
});

let studio: Awaited<ReturnType<typeof reviewStudio>>;
afterEach(() => studio?.served.close());

describe('a thread’s usage and budget through the API', () => {
  it('GET /api/threads, /state and /history: usage, budget and remaining, as the document describes them', async () => {
    studio = await reviewStudio({ target: spending({ tokens: 10_000, costUsd: 0.05, modelCalls: 5 }) });
    const run = await studio.call('/api/threads/report/runs', { input: { value: 'report' }, wait: true });
    expect([run.status, run.body.status]).toEqual([200, 'done']);

    const budget = { tokens: 10_000, costUsd: 0.05, modelCalls: 5 };
    const remaining = { tokens: 8_500, costUsd: 0.0447, modelCalls: 3 };
    const list = await studio.call('/api/threads');
    const [row] = threadsResponse.parse(list.body).threads;
    expect(row).toMatchObject({ threadId: 'report', status: 'done', usage: used({}), budget, remaining });

    const state = await studio.call('/api/threads/report/state');
    expect(stateResponse.parse(state.body)).toMatchObject({ seq: 3, usage: used({}), budget, remaining });
    // An earlier checkpoint: what the thread had spent by then.
    const history = historyResponse.parse((await studio.call('/api/threads/report/history')).body);
    expect(history.checkpoints.map((c) => [c.seq, c.usage?.tokens, c.usage?.modelCalls, c.budget])).toEqual([
      [3, 1_500, 2, budget],
      [2, 1_200, 1, budget],
      [1, 0, 0, budget],
    ]);
    const second = await studio.call(`/api/threads/report/state?checkpointId=${history.checkpoints[1]!.checkpointId}`);
    expect(second.body).toMatchObject({
      seq: 2,
      usage: used({ tokens: 1_200, inputTokens: 1_000, outputTokens: 200, costUsd: 0.0042, modelCalls: 1, toolCalls: 0 }),
      remaining: { tokens: 8_800, costUsd: 0.0458, modelCalls: 4 },
    });
  });

  it('a thread that counted nothing and has no budget: usage, budget and remaining are null, history rows carry none', async () => {
    const plain = graph({ name: 'spending', input: z.string(), output: z.string() })
      .addNode('echo', (text: string) => text)
      .addEdge(START, 'echo')
      .addEdge('echo', END)
      .compile();
    studio = await reviewStudio({ target: plain });
    await studio.call('/api/threads/p/runs', { input: { value: 'plain' }, wait: true });
    const [row] = threadsResponse.parse((await studio.call('/api/threads')).body).threads;
    expect(row).toMatchObject({ threadId: 'p', usage: null, budget: null, remaining: null });
    expect((await studio.call('/api/threads/p/state')).body).toMatchObject({ usage: null, budget: null, remaining: null });
    const history = historyResponse.parse((await studio.call('/api/threads/p/history')).body);
    expect(history.checkpoints.filter((c) => 'usage' in c || 'budget' in c)).toEqual([]);
  });

  it('the stream’s step.end events carry the count as it grows, the budget and what remains', async () => {
    studio = await reviewStudio({ target: spending({ modelCalls: 5 }) });
    await studio.call('/api/threads/s/runs', { input: { value: 'report' }, wait: true });
    const events = await readRunEvents(studio.served.url, 's');
    const steps = events.filter((e) => e.event === 'graph' && e.data['type'] === 'step.end');
    expect(steps.map((e) => e.data['usage'])).toEqual([
      {
        used: used({ tokens: 1_200, inputTokens: 1_000, outputTokens: 200, costUsd: 0.0042, modelCalls: 1, toolCalls: 0 }),
        budget: { modelCalls: 5 },
        remaining: { modelCalls: 4 },
      },
      { used: used({}), budget: { modelCalls: 5 }, remaining: { modelCalls: 3 } },
    ]);
  });

  it('a budget interrupt answered with { extend } through /resume: the new budget, and the count goes on', async () => {
    studio = await reviewStudio({ target: spending({ modelCalls: 1, onExceeded: 'interrupt' }) });
    const first = await studio.call('/api/threads/memo/runs', { input: { value: 'memo' }, wait: true });
    expect(first.body).toMatchObject({
      status: 'interrupted',
      interrupts: [{ id: 'check#0', info: { type: 'budget', exceeded: ['modelCalls'] } }],
    });
    const waiting = threadsResponse.parse((await studio.call('/api/threads')).body).threads[0];
    expect(waiting).toMatchObject({
      status: 'interrupted',
      usage: used({ tokens: 1_200, inputTokens: 1_000, outputTokens: 200, costUsd: 0.0042, modelCalls: 1, toolCalls: 0 }),
      budget: { modelCalls: 1, onExceeded: 'interrupt' },
      remaining: { modelCalls: 0 },
    });
    const resumed = await studio.call('/api/threads/memo/resume', { resume: { 'check#0': { extend: { modelCalls: 2 } } }, wait: true });
    expect(resumed.body).toMatchObject({ status: 'done', output: 'memo drafted, checked' });
    expect((await studio.call('/api/threads/memo/state')).body).toMatchObject({
      usage: used({}),
      budget: { modelCalls: 3, onExceeded: 'interrupt' },
      remaining: { modelCalls: 1 },
    });
  });
});
