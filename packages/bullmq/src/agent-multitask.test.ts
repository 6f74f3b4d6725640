import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatModelAgent, tool, type AgentRunResult, type Message } from '@weft/agents';
import { LeaseKeeper } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { queueFixture } from '../test-support/queue-fixture.ts';

/** A guide that looks a city up (the lookup of 'first' waits at the gate), then answers; any other message it answers at once. */
function guide(gate: Promise<void>, looked: string[]) {
  const text = (m: Message | undefined) => (typeof m?.content === 'string' ? m.content : '');
  const model = scriptedModel(
    [
      (messages) => {
        const last = messages.at(-1);
        if (last?.role === 'tool') return { text: `found: ${text(last)}` };
        if (text(last) === 'first') return { toolCalls: [{ id: 'c1', name: 'lookup', arguments: { city: 'Oslo' } }] };
        return { text: `re: ${text(last)}` };
      },
    ],
    { name: 'guide-model', repeatLast: true },
  );
  const lookup = tool({
    name: 'lookup',
    description: 'Looks a city up.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
    execute: async ({ city }) => {
      looked.push(city);
      await gate;
      return `${city} is cold`;
    },
  });
  return { model, agent: chatModelAgent({ name: 'Guide', description: 'Plans trips.', model, tools: [lookup] }) };
}

describe('agent jobs with multitask', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('agent-multitask')));
  afterEach(() => fx.dispose());

  for (const multitask of ['interrupt', 'rollback'] as const)
    it(`'${multitask}': the first turn stops after its tool step; the second turn's model request is asserted whole`, async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const looked: string[] = [];
      const { model, agent } = guide(gate, looked);
      const store = fx.store();
      fx.worker({ store, targets: { guide: agent }, concurrency: 2 });
      const queue = fx.queue<{ guide: typeof agent }>({ store });
      const first = await queue.run('guide', 'first', { threadId: 't' });
      await expect.poll(() => looked.length, { timeout: 30_000 }).toBe(1);
      const second = await queue.run('guide', 'second', { threadId: 't', multitask });
      await expect.poll(() => LeaseKeeper.heldHere(store, 't')?.stopRequested, { timeout: 30_000, interval: 10 }).toBeDefined();
      open();
      const [a, b] = (await Promise.all([first.result(), second.result()])) as AgentRunResult[];
      expect([a!.status, a!.error?.code, b!.status, b!.status === 'done' && b!.finalOutput]).toEqual([
        'error',
        'RUN_STOPPED',
        'done',
        're: second',
      ]);
      expect(looked).toEqual(['Oslo']);
      const seen = model.calls.at(-1)!.messages.map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : ''}`);
      expect(model.calls).toHaveLength(2);
      // 'interrupt' goes on from the stopped turn (its tool result included); 'rollback' from before it.
      expect(seen).toEqual(
        multitask === 'interrupt' ? ['user: first', 'assistant: ', 'tool: Oslo is cold', 'user: second'] : ['user: second'],
      );
    });
});
