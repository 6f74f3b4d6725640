import { LeaseKeeper, MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool } from '../index.ts';
import { NOT_RUN_RESULT } from '../compile/unanswered-calls.ts';

/** A promise with its resolve, for holding the model at a known point. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("Runner with multitask 'interrupt'", () => {
  it('a run stopped between its model step and its tools step: its tool calls never run, and the next model call sees a result for each', async () => {
    const store = new MemoryStore();
    const entered = latch();
    const gate = latch();
    const model = scriptedModel([
      async () => {
        entered.open();
        await gate.promise;
        return {
          text: '',
          toolCalls: [
            { name: 'lookup', arguments: { q: 'flights' }, id: 'c1' },
            { name: 'lookup', arguments: { q: 'hotels' }, id: 'c2' },
          ],
        };
      },
      { text: 'Booked for Friday.' },
    ]);
    const lookups: unknown[] = [];
    const lookup = tool({
      name: 'lookup',
      description: 'Looks something up',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      execute: (args: unknown) => (lookups.push(args), 'found'),
    });
    const runner = new Runner({ agent: chatModelAgent({ name: 'Travel', description: '', model, tools: [lookup] }), store });
    const first = runner.query('Find me a trip to Oslo', { threadId: 'chat' });
    await entered.promise;
    const second = runner.query('Actually, make it Friday', { threadId: 'chat', multitask: 'interrupt', holder: 'user' });
    await expect.poll(() => LeaseKeeper.heldHere(store, 'chat')?.stopRequested, { timeout: 20_000, interval: 10 }).toBeDefined();
    gate.open();
    const [stopped, answered] = await Promise.allSettled([first, second]);
    expect(stopped).toMatchObject({
      status: 'fulfilled',
      value: { status: 'error', error: { code: 'RUN_STOPPED', details: { by: 'user', reason: 'a new input arrived for the thread' } } },
    });
    expect(answered).toMatchObject({ status: 'fulfilled', value: { status: 'done', finalOutput: 'Booked for Friday.' } });
    expect(lookups).toEqual([]);
    expect(model.calls.length).toBe(2);
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: 'Find me a trip to Oslo' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'c1', name: 'lookup', arguments: '{"q":"flights"}' },
          { id: 'c2', name: 'lookup', arguments: '{"q":"hotels"}' },
        ],
      },
      { role: 'tool', content: NOT_RUN_RESULT, toolCallId: 'c1', name: 'lookup' },
      { role: 'tool', content: NOT_RUN_RESULT, toolCallId: 'c2', name: 'lookup' },
      { role: 'user', content: 'Actually, make it Friday' },
    ]);
  });
});
