import { MemoryStore, type CheckpointPolicy } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool } from '../index.ts';

/** A billing agent that refunds (with approval) and then answers; `executed` counts the tool's runs. */
function billing(executed: number[], checkpoints?: CheckpointPolicy) {
  const refund = tool<{ amount: number }>({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    needsApproval: true,
    execute: ({ amount }) => (executed.push(amount), `refunded ${amount}`),
  });
  const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { amount: 30 }, id: 'r1' }] }, { text: 'Done.' }]);
  const store = new MemoryStore();
  const agent = chatModelAgent({ name: 'Billing', description: '', model, tools: [refund] });
  return { store, runner: new Runner({ agent, store, ...(checkpoints ? { checkpoints } : {}) }) };
}

describe("Runner({ checkpoints: 'on-exit' })", () => {
  it('stores the first checkpoint and one where each run stops, with the same interrupt, events and answer as every step', async () => {
    const once = async (policy: CheckpointPolicy) => {
      const executed: number[] = [];
      const { store, runner } = billing(executed, policy);
      const paused = await runner.query('refund me', { threadId: 't' });
      const afterPause = (await store.list('t')).length;
      const done = await runner.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });
      const statuses = (await store.list('t')).reverse().map((e) => e.status);
      const texts = [...paused.events, ...done.events].map(
        (e) => e.output?.message?.content ?? e.action?.interrupted?.interrupts[0]?.id ?? '',
      );
      return { paused, done, afterPause, statuses, texts, executed };
    };
    const every = await once('every-step');
    const exit = await once('on-exit');
    expect(exit.paused.interrupts).toEqual(every.paused.interrupts);
    expect(exit.texts).toEqual(every.texts);
    expect(exit.done.status).toBe('done');
    expect(exit.executed).toEqual([30]);
    expect(every.executed).toEqual([30]);
    expect(exit.afterPause).toBe(2);
    expect(every.afterPause).toBeGreaterThan(2);
    expect(exit.statuses).toEqual(['running', 'interrupted', 'running', 'done']);
    expect(every.statuses.length).toBeGreaterThan(exit.statuses.length);
  });

  it('a run or resume chooses for itself over the Runner', async () => {
    const executed: number[] = [];
    const { store, runner } = billing(executed, 'on-exit');
    const paused = await runner.query('refund me', { threadId: 't', checkpoints: 'every-step' });
    const afterPause = (await store.list('t')).length;
    const done = await runner.resume(paused.checkpointId!, {
      resume: { [paused.interrupts[0]!.id]: { approved: true } },
      checkpoints: 'on-exit',
    });
    expect(done.status).toBe('done');
    expect(executed).toEqual([30]);
    // Every step before the interrupt; then only the resume's first checkpoint and its end.
    expect(afterPause).toBeGreaterThan(2);
    expect((await store.list('t')).length).toBe(afterPause + 2);
    await expect(runner.query('again', { threadId: 'u', checkpoints: 'sometimes' as CheckpointPolicy })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(await store.list('u')).toEqual([]);
  });
});
