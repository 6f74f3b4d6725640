import { interrupt, MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, checkpointHandle, Runner, tool, type Agent } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const REFUND_CALL = { toolCalls: [{ name: 'refund', arguments: { amount: 30 }, id: 'r1' }] };

/**
 * A refund tool that needs approval, counting real executions. Each process
 * has its own scripted model: the first answers with the refund call, a
 * resumed one (`later`) with what comes after.
 */
function refundSystem(executed: unknown[], later = false) {
  const refund = tool<{ amount: number }>({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: { type: 'object', properties: { amount: { type: 'number', maximum: 100 } }, required: ['amount'] },
    needsApproval: true,
    execute: ({ amount }, ctx) => (executed.push([amount, ctx.idempotencyKey]), `refunded ${amount}`),
  });
  const model = scriptedModel(later ? [{ text: 'Done.' }] : [REFUND_CALL, { text: 'Done.' }]);
  return chatModelAgent({ name: 'Billing', description: '', model, tools: [refund] });
}

const runnerFor = (agent: Agent, store: MemoryStore) => new Runner({ agent, store });

describe('tool approval (needsApproval)', () => {
  it('a malformed answer is refused (RESUME_INVALID) before the tool runs; the approval keeps waiting', async () => {
    const store = new MemoryStore();
    const executed: unknown[] = [];
    const paused = await runnerFor(refundSystem(executed), store).query('refund me');
    const id = 'agent:Billing/tool:refund:r1#0';
    for (const [answer, says] of [
      [{ approved: 'yes' }, /approved: expected a boolean/],
      ['yes', /expected \{ approved: boolean/],
      [{ approved: true, arguments: [1] }, /arguments: expected an object/],
      [{ approved: false, because: 'no' }, /because: not a field/],
    ] as const) {
      const head = (await store.get(paused.threadId!))!;
      const refused = await runnerFor(refundSystem(executed, true), store).resume(checkpointHandle(paused.threadId!, head.id), {
        resume: { [id]: answer },
      });
      expect(refused.status).toBe('error');
      expect(refused.error).toMatchObject({ code: 'RESUME_INVALID', message: expect.stringMatching(says) });
      // The thread still waits at the same approval.
      const latest = await runnerFor(refundSystem(executed, true), store).graph.withStore(store).getState(paused.threadId!);
      expect(latest.interrupts.map((i) => i.id)).toEqual([id]);
    }
    expect(executed).toEqual([]);
    const head = (await store.get(paused.threadId!))!;
    const done = await runnerFor(refundSystem(executed, true), store).resume(checkpointHandle(paused.threadId!, head.id), {
      resume: { [id]: { approved: true } },
    });
    expect(done.status).toBe('done');
    expect(executed).toHaveLength(1);
  });

  it('interrupts before executing with the tool and its arguments; approval resumes from a fresh Runner', async () => {
    const store = new MemoryStore();
    const executed: unknown[] = [];
    const paused = await runnerFor(refundSystem(executed), store).query('refund me');
    expect(paused.status).toBe('interrupted');
    expect(paused.interrupts).toEqual([
      {
        id: 'agent:Billing/tool:refund:r1#0',
        address: 'agent:Billing/tool:refund:r1',
        path: ['Billing:tools'],
        info: { tool: 'refund', arguments: { amount: 30 } },
        resumeSchema: {
          type: 'object',
          properties: {
            approved: { type: 'boolean' },
            reason: { type: 'string' },
            arguments: { type: 'object', description: 'Edited arguments; checked against the tool’s parameters again' },
          },
          required: ['approved'],
          additionalProperties: false,
        },
      },
    ]);
    expect(summarize(paused.events)).toEqual([
      'Billing [Billing] | assistant:  → refund({"amount":30})',
      'Billing [Billing] | INTERRUPTED agent:Billing/tool:refund:r1#0',
    ]);
    expect(executed).toEqual([]);
    const done = await runnerFor(refundSystem(executed, true), store).resume(paused.checkpointId!, {
      resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } },
    });
    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual(['Billing [Billing] | tool refund: refunded 30', 'Billing [Billing] | assistant: Done.']);
    expect(executed).toEqual([[30, expect.stringMatching(/agent:Billing\/1\.1\/r1$/)]]);
  });

  it('a rejection is shown to the model; edited arguments are validated again', async () => {
    const store = new MemoryStore();
    const executed: unknown[] = [];
    const { checkpointId } = await runnerFor(refundSystem(executed), store).query('refund me');
    const id = 'agent:Billing/tool:refund:r1#0';
    const rejected = await runnerFor(refundSystem(executed, true), store).resume(checkpointId!, {
      resume: { [id]: { approved: false, reason: 'too much' } },
    });
    expect(summarize(rejected.events)[0]).toBe('Billing [Billing] | tool refund: The user rejected the call to refund: too much');
    const edited = await runnerFor(refundSystem(executed, true), store).resume(checkpointId!, {
      resume: { [id]: { approved: true, arguments: { amount: 10 } } },
      fork: true,
    });
    expect(summarize(edited.events)[0]).toBe('Billing [Billing] | tool refund: refunded 10');
    const invalid = await runnerFor(refundSystem(executed, true), store).resume(checkpointId!, {
      resume: { [id]: { approved: true, arguments: { amount: 500 } } },
      fork: true,
    });
    expect(summarize(invalid.events)[0]).toBe(
      'Billing [Billing] | tool refund: Error: invalid edited arguments for refund: arguments/amount must be <= 100 | ERROR TOOL_ARGUMENTS_INVALID',
    );
    expect(executed.map((e) => (e as unknown[])[0])).toEqual([10]);
    // Without fork, a checkpoint the thread went on from is refused: a stale id never runs an answered tool again.
    await expect(
      runnerFor(refundSystem(executed, true), store).resume(checkpointId!, { resume: { [id]: { approved: true } } }),
    ).rejects.toMatchObject({ code: 'CHECKPOINT_NOT_LATEST' });
    expect(executed).toHaveLength(1);
  });
});

describe('interrupts inside tools', () => {
  it('an interrupt in one of several concurrent calls: the others finish once and are never re-run', async () => {
    const store = new MemoryStore();
    const runs: string[] = [];
    const keys: string[] = [];
    const build = (later = false) => {
      const fast = tool({
        name: 'fast',
        description: '',
        parameters: { type: 'object' },
        execute: (_a, ctx) => (runs.push('fast'), keys.push(ctx.idempotencyKey), 'fast done'),
      });
      const ask = tool({
        name: 'ask',
        description: '',
        parameters: { type: 'object' },
        execute: (_a, ctx) => (runs.push('ask'), keys.push(ctx.idempotencyKey), `answer: ${interrupt<string>({ question: 'color?' })}`),
      });
      const first = {
        toolCalls: [
          { name: 'fast', arguments: {}, id: 'f' },
          { name: 'ask', arguments: {}, id: 'a' },
        ],
      };
      const model = scriptedModel(later ? [{ text: 'thanks' }] : [first]);
      return chatModelAgent({ name: 'A', description: '', model, tools: [fast, ask] });
    };
    const paused = await runnerFor(build(), store).query('go');
    expect(paused.interrupts.map((i) => [i.id, i.info])).toEqual([['agent:A/tool:ask:a#0', { question: 'color?' }]]);
    expect(summarize(paused.events)).toEqual([
      'A [A] | assistant:  → fast({}) ask({})',
      'A [A] | tool fast: fast done',
      'A [A] | INTERRUPTED agent:A/tool:ask:a#0',
    ]);
    const done = await runnerFor(build(true), store).resume(paused.checkpointId!, { resume: { 'agent:A/tool:ask:a#0': 'blue' } });
    expect(summarize(done.events)).toEqual(['A [A] | tool ask: answer: blue', 'A [A] | assistant: thanks']);
    expect(runs).toEqual(['fast', 'ask', 'ask']);
    expect(keys[1]).toBe(keys[2]);
  });
});
