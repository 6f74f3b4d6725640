import { MemoryStore, type Budget } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, judgeGuardrail, outputGuardrail, Runner, tool } from '../index.ts';
import type { JudgeGuardrailConfig } from './judge-guardrail.ts';
import { usageCounts } from '../test-support/usage-counts.ts';

const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens });
/** Prices that are binary fractions of a dollar per token, so sums of costs are exact. */
const AGENT_PRICES = { scripted: { inputPerMillion: 250_000, outputPerMillion: 500_000 } };
const JUDGE_PRICES = { judge: { inputPerMillion: 125_000, outputPerMillion: 250_000 } };
const passes = (u = usage(40, 5)): ScriptItem => ({ text: '{"pass":true,"reason":"harmless"}', usage: u });

const counts = usageCounts;

/** An agent answering "Hello." (20 input, 3 output tokens) whose output a model judge (named "judge") checks. */
function judged(judgeScript: ScriptItem[], extra: Partial<JudgeGuardrailConfig> = {}) {
  const model = scriptedModel([{ text: 'Hello.', usage: usage(20, 3) }]);
  const judgeModel = scriptedModel(judgeScript, { name: 'judge' });
  const judge = judgeGuardrail({ name: 'polite', model: judgeModel, instruction: 'Fail rude text.', prices: JUDGE_PRICES, ...extra });
  const agent = chatModelAgent({ name: 'helper', description: '', model, guardrails: { output: [outputGuardrail(judge)] } });
  return { agent, model, judgeModel };
}

describe('a model judge counts on the checked run’s budget', () => {
  it("counts the judge's call, tokens and cost in result.usage and the head checkpoint, next to the agent's", async () => {
    const store = new MemoryStore();
    const { agent, judgeModel } = judged([passes()]);
    const runner = new Runner({ agent, store, prices: AGENT_PRICES, budget: { modelCalls: 5, costUsd: 100 } });
    const done = await runner.query('hi', { threadId: 't' });
    expect(done).toMatchObject({ status: 'done', finalOutput: 'Hello.' });
    // Agent: 20 × $0.25 + 3 × $0.5 = $6.5; judge (its own prices): 40 × $0.125 + 5 × $0.25 = $6.25.
    const spent = counts({ modelCalls: 2, inputTokens: 60, outputTokens: 8, tokens: 68, costUsd: 12.75 });
    expect(done.usage).toEqual(spent);
    expect((await runner.graph.getState('t')).usage).toEqual(spent);
    expect(judgeModel.calls).toHaveLength(1);
  });

  it('a budget that refuses the judge stops the run with BUDGET_EXCEEDED before the judge is called, even failOpen', async () => {
    for (const failOpen of [false, true]) {
      const { agent, model, judgeModel } = judged([passes()], { failOpen });
      const failed = await new Runner({ agent, budget: { modelCalls: 1 } }).query('hi');
      expect(failed.status).toBe('error');
      expect(failed.error).toMatchObject({
        code: 'BUDGET_EXCEEDED',
        details: { budget: { modelCalls: 1 }, exceeded: ['modelCalls'] },
        message: expect.stringContaining('agent "helper": the thread\'s budget is spent (modelCalls 1 of 1)') as string,
      });
      expect([model.calls.length, judgeModel.calls.length]).toEqual([1, 0]);
      expect(failed.usage).toEqual(counts({ modelCalls: 1, inputTokens: 20, outputTokens: 3, tokens: 23 }));
    }
  });

  it('a costUsd budget with a judge model that has no price is a failed check, the judge not called', async () => {
    const { agent, judgeModel } = judged([passes()], { prices: {} });
    const failed = await new Runner({ agent, prices: AGENT_PRICES, budget: { costUsd: 100 } }).query('hi');
    expect(failed.error).toMatchObject({
      code: 'GUARDRAIL_FAILED',
      message: expect.stringContaining(
        `a costUsd budget needs a price for every model, and "judge" has none; add it: judgeGuardrail({ prices: { 'judge': { inputPerMillion, outputPerMillion } } })`,
      ) as string,
    });
    expect(judgeModel.calls).toHaveLength(0);
  });

  it("onExceeded 'interrupt': the run pauses with the budget interrupt at the judge, before the judge is called", async () => {
    const store = new MemoryStore();
    const { agent, model, judgeModel } = judged([passes()]);
    const runner = new Runner({ agent, store, budget: { modelCalls: 1, onExceeded: 'interrupt' } });
    const paused = await runner.query('hi', { threadId: 't' });
    expect(paused.status).toBe('interrupted');
    expect(paused.interrupts.map((i) => i.info)).toEqual([
      {
        type: 'budget',
        budget: { modelCalls: 1, onExceeded: 'interrupt' },
        used: counts({ modelCalls: 1, inputTokens: 20, outputTokens: 3, tokens: 23 }),
        exceeded: ['modelCalls'],
      },
    ]);
    expect([model.calls.length, judgeModel.calls.length]).toEqual([1, 0]);
    expect((await runner.graph.getState('t')).usage).toEqual(counts({ modelCalls: 1, inputTokens: 20, outputTokens: 3, tokens: 23 }));
  });

  it("resumed, the agent's model step runs again from its start: an extension must cover the agent's call and the judge's", async () => {
    const model = scriptedModel([{ text: 'Hello.', usage: usage(20, 3) }], { repeatLast: true });
    const judgeModel = scriptedModel([passes()], { name: 'judge' });
    const judge = judgeGuardrail({ name: 'polite', model: judgeModel, instruction: 'Fail rude text.' });
    const agent = chatModelAgent({ name: 'helper', description: '', model, guardrails: { output: [outputGuardrail(judge)] } });
    const runner = new Runner({ agent, store: new MemoryStore(), budget: { modelCalls: 1, onExceeded: 'interrupt' } });
    const paused = await runner.query('hi', { threadId: 't' });
    const done = await runner.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { extend: { modelCalls: 2 } } } });
    expect(done).toMatchObject({ status: 'done', finalOutput: 'Hello.' });
    // Every call made is counted once: the agent's two (before and after the pause) and the judge's.
    expect([model.calls.length, judgeModel.calls.length]).toEqual([2, 1]);
    expect(done.usage).toEqual(counts({ modelCalls: 3, inputTokens: 80, outputTokens: 11, tokens: 91 }));
  });

  it("without a budget, the judge's reported usage is in result.usage (cost by its prices)", async () => {
    const { agent } = judged([passes()]);
    const done = await new Runner({ agent, prices: AGENT_PRICES }).query('hi');
    expect(done.usage).toEqual(counts({ modelCalls: 2, inputTokens: 60, outputTokens: 8, tokens: 68, costUsd: 12.75 }));
  });
});

describe('an agent judge counts on the checked run’s budget', () => {
  const verdict = {
    type: 'object',
    properties: { pass: { type: 'boolean' }, reason: { type: 'string' } },
    required: ['pass', 'reason'],
  } as const;

  /** The judge agent looks something up (one tool call), then answers: two model calls. */
  function agentJudged(failOpen = false) {
    const lookup = tool({ name: 'lookup', description: '', parameters: { type: 'object' }, execute: () => 'nothing rude' });
    const judgeModel = scriptedModel(
      [{ toolCalls: [{ name: 'lookup', arguments: {}, id: 'l1' }], usage: usage(30, 2) }, passes(usage(40, 5))],
      {
        name: 'judge',
      },
    );
    const judgeAgent = chatModelAgent({ name: 'judge', description: '', model: judgeModel, tools: [lookup], outputSchema: verdict });
    const judge = judgeGuardrail({ name: 'polite', agent: judgeAgent, instruction: 'Fail rude text.', prices: JUDGE_PRICES, failOpen });
    const model = scriptedModel([{ text: 'Hello.', usage: usage(20, 3) }]);
    const agent = chatModelAgent({ name: 'helper', description: '', model, guardrails: { output: [outputGuardrail(judge)] } });
    return { agent, model, judgeModel };
  }

  it("records the judge run's model calls, tool calls, tokens and cost on the outer usage, each once", async () => {
    for (const budget of [{ modelCalls: 5, toolCalls: 3, costUsd: 100 }, undefined] as (Budget | undefined)[]) {
      const store = new MemoryStore();
      const { agent, judgeModel } = agentJudged();
      const runner = new Runner({ agent, store, prices: AGENT_PRICES, ...(budget ? { budget } : {}) });
      const done = await runner.query('hi', { threadId: 't' });
      expect(done).toMatchObject({ status: 'done', finalOutput: 'Hello.' });
      // $6.5 for the agent; the judge: 70 × $0.125 + 7 × $0.25 = $10.5.
      const spent = counts({ modelCalls: 3, toolCalls: 1, inputTokens: 90, outputTokens: 10, tokens: 100, costUsd: 17 });
      expect(done.usage).toEqual(spent);
      expect((await runner.graph.getState('t')).usage).toEqual(spent);
      expect(judgeModel.calls).toHaveLength(2);
    }
  });

  it('a remaining budget too small for the judge stops the checked run with BUDGET_EXCEEDED, what it spent counted', async () => {
    for (const failOpen of [false, true]) {
      const { agent, model, judgeModel } = agentJudged(failOpen);
      const failed = await new Runner({ agent, budget: { modelCalls: 2 } }).query('hi');
      expect(failed.status).toBe('error');
      expect(failed.error).toMatchObject({
        code: 'BUDGET_EXCEEDED',
        details: { budget: { modelCalls: 2 }, exceeded: ['modelCalls'] },
        message: expect.stringContaining('agent "helper": the judge agent: the thread\'s budget is spent (modelCalls 2 of 2)') as string,
      });
      // The agent's call and the judge's first (at the judge's prices: 30 × $0.125 + 2 × $0.25); its second was refused.
      expect([model.calls.length, judgeModel.calls.length]).toEqual([1, 1]);
      expect(failed.usage).toEqual(counts({ modelCalls: 2, toolCalls: 1, inputTokens: 50, outputTokens: 5, tokens: 55, costUsd: 4.25 }));
    }
    const { agent, judgeModel } = agentJudged();
    const none = await new Runner({ agent, budget: { modelCalls: 1 } }).query('hi');
    expect([none.error?.code, judgeModel.calls.length, none.usage.modelCalls]).toEqual(['BUDGET_EXCEEDED', 0, 1]);
  });

  it('a costUsd budget with an unpriced judge agent model is a failed check before the judge starts, nothing counted for it', async () => {
    const judgeModel = scriptedModel([passes()], { name: 'unpriced-judge' });
    const judgeAgent = chatModelAgent({ name: 'judge', description: '', model: judgeModel, outputSchema: verdict });
    const judge = judgeGuardrail({ name: 'polite', agent: judgeAgent, instruction: 'Fail rude text.' });
    const model = scriptedModel([{ text: 'Hello.', usage: usage(20, 3) }]);
    const agent = chatModelAgent({ name: 'helper', description: '', model, guardrails: { output: [outputGuardrail(judge)] } });
    const failed = await new Runner({ agent, prices: AGENT_PRICES, budget: { costUsd: 100 } }).query('hi');
    expect(failed.error).toMatchObject({
      code: 'GUARDRAIL_FAILED',
      message: expect.stringContaining('"unpriced-judge" has none; add it: judgeGuardrail({ prices:') as string,
    });
    expect([judgeModel.calls.length, failed.usage.modelCalls]).toEqual([0, 1]);
  });
});
