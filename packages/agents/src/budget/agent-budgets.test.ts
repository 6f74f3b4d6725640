import { MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { agentTool, chatModelAgent, checkpointHandle, Runner, tool, type Agent } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';
import { usageCounts } from '../test-support/usage-counts.ts';

const PRICES = { scripted: { inputPerMillion: 1_000, outputPerMillion: 2_000 } };
const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens });
const lookup = (id = 'l1'): ScriptItem => ({ toolCalls: [{ name: 'lookup', arguments: { q: 'x' }, id }], usage: usage(10, 2) });
const answer: ScriptItem = { text: 'Done.', usage: usage(20, 3) };

const counts = usageCounts;

/** One agent with a `lookup` tool that counts its executions. */
function system(script: ScriptItem[], executed: string[] = []) {
  const lookupTool = tool({
    name: 'lookup',
    description: 'Looks something up.',
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
    execute: ({ q = '' }: { q?: string }) => (executed.push(q), `found ${q}`),
  });
  const model = scriptedModel(script);
  return { agent: chatModelAgent({ name: 'Helper', description: '', model, tools: [lookupTool] }), model };
}

describe('agent budgets: counting', () => {
  it('a model call charges one call before and its reported tokens and cost after; a tool call one call', async () => {
    const store = new MemoryStore();
    const { agent } = system([lookup(), answer]);
    const runner = new Runner({ agent, store, budget: { modelCalls: 5, costUsd: 1 }, prices: PRICES });
    const done = await runner.query('find x', { threadId: 't' });
    expect(summarize(done.events)).toEqual([
      'Helper [Helper] | assistant:  → lookup({"q":"x"})',
      'Helper [Helper] | tool lookup: found x',
      'Helper [Helper] | assistant: Done.',
    ]);
    // (10 + 20) input tokens at $1,000/M, (2 + 3) output tokens at $2,000/M.
    const spent = counts({ modelCalls: 2, toolCalls: 1, inputTokens: 30, outputTokens: 5, tokens: 35, costUsd: 0.04 });
    expect(done.usage).toEqual(spent);
    const head = await runner.graph.getState('t');
    expect([head.usage, head.budget]).toEqual([spent, { modelCalls: 5, costUsd: 1 }]);
  });

  it('a model that reports no usage has its tokens counted, marked estimated', async () => {
    const { agent } = system([{ text: 'A short answer.' }]);
    const done = await new Runner({ agent, budget: { tokens: 10_000 } }).query('hello there');
    expect(done.usage).toMatchObject({ modelCalls: 1, estimated: true });
    expect(done.usage.inputTokens).toBeGreaterThan(0);
    expect(done.usage.outputTokens).toBeGreaterThan(0);
    expect(done.usage.tokens).toBe(done.usage.inputTokens + done.usage.outputTokens);
  });

  it('without a budget the usage models report is counted (cost where priced), and kept in every checkpoint after it', async () => {
    const store = new MemoryStore();
    const executed: string[] = [];
    const { agent } = system([lookup(), answer], executed);
    const runner = new Runner({ agent, store, prices: PRICES });
    const done = await runner.query('find x', { threadId: 't' });
    const spent = counts({ modelCalls: 2, toolCalls: 1, inputTokens: 30, outputTokens: 5, tokens: 35, costUsd: 0.04 });
    expect(done.usage).toEqual(spent);
    expect(executed).toEqual(['x']);
    const head = await runner.graph.getState('t');
    expect([head.usage, head.budget]).toEqual([spent, undefined]);
    // An unpriced model adds its tokens and no cost: nothing is guessed.
    const unpriced = await new Runner({ agent: system([answer]).agent }).query('hi');
    expect(unpriced.usage).toEqual(counts({ modelCalls: 1, inputTokens: 20, outputTokens: 3, tokens: 23 }));
  });

  it('without a budget, a model that reports no usage counts nothing: usage all zero, checkpoints without usage', async () => {
    const store = new MemoryStore();
    const { agent } = system([{ toolCalls: [{ name: 'lookup', arguments: { q: 'x' }, id: 'l1' }] }, { text: 'Done.' }]);
    const runner = new Runner({ agent, store });
    const done = await runner.query('find x', { threadId: 't' });
    expect(done.usage).toEqual(counts({}));
    for await (const c of runner.graph.history('t')) expect([c.usage, c.budget]).toEqual([undefined, undefined]);
  });

  it('an agent tool (a subgraph) counts its inner model calls on the same budget', async () => {
    const inner = chatModelAgent({
      name: 'Translator',
      description: 'Translates.',
      model: scriptedModel([{ text: 'hello', usage: usage(5, 1) }]),
    });
    const outerModel = scriptedModel([
      { toolCalls: [{ name: 'Translator', arguments: { request: 'hola' }, id: 'c1' }], usage: usage(10, 2) },
      answer,
    ]);
    const outer = chatModelAgent({ name: 'Assistant', description: '', model: outerModel, tools: [agentTool(inner)] });
    const done = await new Runner({ agent: outer, budget: { modelCalls: 10 } }).query('translate hola');
    expect(done.status).toBe('done');
    expect(done.usage).toEqual(counts({ modelCalls: 3, inputTokens: 35, outputTokens: 6, tokens: 41 }));
  });
});

describe('agent budgets: definition and prices', () => {
  it('an invalid budget is BUDGET_INVALID at new Runner(), run() and resume()', () => {
    const { agent } = system([answer]);
    expect(() => new Runner({ agent, budget: { modelCalls: 0 } })).toThrow(expect.objectContaining({ code: 'BUDGET_INVALID' }));
    const runner = new Runner({ agent });
    expect(() => runner.query('q', { budget: { tokens: Number.NaN } })).toThrow(expect.objectContaining({ code: 'BUDGET_INVALID' }));
    expect(() => runner.resume(checkpointHandle('t', 'c'), { budget: { turns: 3 } as never })).toThrow(
      expect.objectContaining({ code: 'BUDGET_INVALID' }),
    );
  });

  it('a costUsd budget with a model that has no price is PRICE_MISSING before anything runs, naming the model and how to price it', () => {
    const { agent, model } = system([answer]);
    const expected = {
      code: 'PRICE_MISSING',
      details: { models: ['scripted'] },
      message: expect.stringContaining("prices: { 'scripted': { inputPerMillion, outputPerMillion } }") as string,
    };
    expect(() => new Runner({ agent, budget: { costUsd: 1 } })).toThrow(expect.objectContaining(expected));
    expect(() => new Runner({ agent }).query('q', { budget: { costUsd: 1 } })).toThrow(expect.objectContaining(expected));
    expect(model.calls).toHaveLength(0);
    // Priced: it runs.
    expect(() => new Runner({ agent, budget: { costUsd: 1 }, prices: PRICES })).not.toThrow();
    expect(() => new Runner({ agent, prices: { scripted: { inputPerMillion: -1, outputPerMillion: 1 } } })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('"scripted"') as string }),
    );
  });
});

describe('agent budgets: exceeded', () => {
  it("onExceeded 'error': the call that would cross the limit is not made; the run fails with BUDGET_EXCEEDED", async () => {
    const executed: string[] = [];
    const { agent, model } = system([lookup(), answer], executed);
    const failed = await new Runner({ agent, budget: { modelCalls: 1 } }).query('find x');
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      details: { budget: { modelCalls: 1 }, exceeded: ['modelCalls'] },
      message: expect.stringContaining('agent "Helper"') as string,
    });
    expect(summarize(failed.events)).toEqual([
      'Helper [Helper] | assistant:  → lookup({"q":"x"})',
      'Helper [Helper] | tool lookup: found x',
      'Helper [Helper] | ERROR BUDGET_EXCEEDED',
    ]);
    expect([model.calls.length, executed.length, failed.usage.modelCalls]).toEqual([1, 1, 1]);
  });

  it("onExceeded 'interrupt': an agent interrupt with the budget; resuming with { extend } continues the same model call", async () => {
    const store = new MemoryStore();
    const executed: string[] = [];
    const { agent, model } = system([lookup(), answer], executed);
    const runner = new Runner({ agent, store, budget: { modelCalls: 1, onExceeded: 'interrupt' } });
    const paused = await runner.query('find x', { threadId: 't' });
    expect(paused.status).toBe('interrupted');
    const pending = paused.interrupts[0]!;
    expect(pending.info).toEqual({
      type: 'budget',
      budget: { modelCalls: 1, onExceeded: 'interrupt' },
      used: counts({ modelCalls: 1, toolCalls: 1, inputTokens: 10, outputTokens: 2, tokens: 12 }),
      exceeded: ['modelCalls'],
    });
    expect(summarize(paused.events)).toEqual([
      'Helper [Helper] | assistant:  → lookup({"q":"x"})',
      'Helper [Helper] | tool lookup: found x',
      `Helper [Helper] | INTERRUPTED ${pending.id}`,
    ]);
    expect(model.calls).toHaveLength(1);
    const done = await runner.resume(paused.checkpointId!, { resume: { [pending.id]: { extend: { modelCalls: 1 } } } });
    expect(summarize(done.events)).toEqual(['Helper [Helper] | assistant: Done.']);
    expect([model.calls.length, executed.length]).toEqual([2, 1]);
    expect(done.usage).toEqual(counts({ modelCalls: 2, toolCalls: 1, inputTokens: 30, outputTokens: 5, tokens: 35 }));
    expect((await runner.graph.getState('t')).budget).toEqual({ modelCalls: 2, onExceeded: 'interrupt' });
  });
});

describe('agent budgets: tool calls', () => {
  it("a tool call past toolCalls is not run: 'error' fails the run, 'interrupt' waits and { extend } runs it once", async () => {
    const script = [lookup('l1'), lookup('l2'), answer];
    const executed: string[] = [];
    const failing = system(script, executed);
    const failed = await new Runner({ agent: failing.agent, budget: { toolCalls: 1 } }).query('find x twice');
    expect([failed.status, failed.error?.code, executed.length, failed.usage.toolCalls]).toEqual(['error', 'BUDGET_EXCEEDED', 1, 1]);

    executed.length = 0;
    const store = new MemoryStore();
    const asking = system(script, executed);
    const runner = new Runner({ agent: asking.agent, store, budget: { toolCalls: 1, onExceeded: 'interrupt' } });
    const paused = await runner.query('find x twice', { threadId: 't' });
    const pending = paused.interrupts[0]!;
    expect([paused.status, (pending.info as { exceeded: string[] }).exceeded, executed.length]).toEqual(['interrupted', ['toolCalls'], 1]);
    const done = await runner.resume(paused.checkpointId!, { resume: { [pending.id]: { extend: { toolCalls: 1 } } } });
    expect([done.status, executed.length, asking.model.calls.length, done.usage.toolCalls, done.usage.modelCalls]).toEqual([
      'done',
      2,
      3,
      2,
      3,
    ]);
  });
});

describe('agent budgets: durable', () => {
  /** A refund tool that needs approval: the run pauses between the two model calls. */
  function approvalSystem(script: ScriptItem[]) {
    const refund = tool({
      name: 'refund',
      description: 'Refunds.',
      parameters: { type: 'object' },
      needsApproval: true,
      execute: () => 'refunded',
    });
    const model = scriptedModel(script);
    return { agent: chatModelAgent({ name: 'Billing', description: '', model, tools: [refund] }) as Agent, model };
  }
  const refundCall: ScriptItem = { toolCalls: [{ name: 'refund', arguments: {}, id: 'r1' }], usage: usage(10, 2) };

  it('interrupt + resume continues the count from the checkpoint (a new Runner, as another process would)', async () => {
    const store = new MemoryStore();
    const first = approvalSystem([refundCall]);
    const budget = { modelCalls: 10, toolCalls: 10 };
    const paused = await new Runner({ agent: first.agent, store, budget }).query('refund me', { threadId: 't' });
    expect([paused.status, paused.usage.modelCalls, paused.usage.toolCalls]).toEqual(['interrupted', 1, 0]);
    const later = approvalSystem([answer]);
    const runner = new Runner({ agent: later.agent, store, budget });
    const done = await runner.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });
    expect(done.status).toBe('done');
    expect(done.usage).toEqual(counts({ modelCalls: 2, toolCalls: 1, inputTokens: 30, outputTokens: 5, tokens: 35 }));
    // The head's running time is the one at its write; the result's, at the run's end.
    expect((await runner.graph.getState('t')).usage).toEqual({ ...done.usage, wallMs: expect.any(Number) });
  });

  it("a fork from an older checkpoint continues that checkpoint's count, not the later branch's", async () => {
    const store = new MemoryStore();
    const { agent } = system([lookup(), answer, answer], []);
    const runner = new Runner({ agent, store, budget: { modelCalls: 10 } });
    await runner.query('find x', { threadId: 't' });
    // The checkpoint after the first model step: one call counted.
    let older = '';
    for await (const c of runner.graph.history('t')) if (c.usage?.modelCalls === 1 && c.usage.toolCalls === 0) older = c.id;
    expect(older).not.toBe('');
    const forked = await runner.resume(checkpointHandle('t', older), { fork: true });
    expect(forked.status).toBe('done');
    expect([forked.usage.modelCalls, forked.usage.toolCalls]).toEqual([2, 1]);
  });
});
