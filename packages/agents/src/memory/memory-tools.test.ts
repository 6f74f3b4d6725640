import { MemoryStore } from '@weft/graph';
import { InMemoryBank, type MemoryBank } from '@weft/memory';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentError, chatModelAgent, memoryTools, Runner } from '../index.ts';
import { countingBank } from '../test-support/counting-bank.ts';

/** An agent whose remember needs approval, run on thread t until it waits for it; `answers` follow the approval. */
async function pausedRemember(answers: string[]) {
  const { bank, puts } = countingBank(new InMemoryBank());
  const model = scriptedModel([
    { toolCalls: [{ id: 'c1', name: 'remember', arguments: { text: 'Prefers email.' } }] },
    ...answers.map((text) => ({ text })),
  ]);
  const agent = chatModelAgent({
    name: 'Support',
    description: '',
    model,
    tools: memoryTools({ bank, namespace: ['team'], needsApproval: true }),
  });
  const store = new MemoryStore();
  const paused = await new Runner({ agent, store }).query('Remember I prefer email.', { threadId: 't' });
  return { bank, puts, agent, store, paused };
}

const perUser = (s: Readonly<Record<string, unknown>>) => ['users', String(s['userId'])];

describe('memoryTools', () => {
  it('remembers in one thread and recalls in another for the same user, never for another user', async () => {
    const bank = new InMemoryBank();
    const model = scriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'remember', arguments: { text: 'The customer is on the Pro plan.', key: 'plan', tags: ['billing'] } },
        ],
      },
      { text: 'Noted.' },
      { toolCalls: [{ id: 'c2', name: 'recall', arguments: { query: 'which plan' } }] },
      { text: 'You are on Pro.' },
      { toolCalls: [{ id: 'c3', name: 'recall', arguments: { query: 'which plan' } }] },
      { text: 'I do not know.' },
    ]);
    const agent = chatModelAgent({ name: 'Support', description: '', model, tools: memoryTools({ bank, namespace: perUser }) });
    const store = new MemoryStore();
    const first = await new Runner({ agent, store }).query('I am on Pro.', { sessionValues: { userId: 'u1' }, threadId: 'a' });
    expect(first.finalOutput).toBe('Noted.');
    expect(await bank.get(['users', 'u1'], 'plan')).toEqual({
      namespace: ['users', 'u1'],
      key: 'plan',
      value: { text: 'The customer is on the Pro plan.', tags: ['billing'] },
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      origin: {
        threadId: 'a',
        checkpointId: expect.any(String),
        agentName: 'Support',
        toolCallId: 'c1',
        writeId: expect.stringMatching(/^a\/.*\/c1$/),
      },
    });
    // The write names the checkpoint its step continued from: the one whose next node is the agent's tools.
    const from = (await bank.get(['users', 'u1'], 'plan'))!.origin!.checkpointId;
    const checkpoints = [];
    for await (const c of new Runner({ agent, store }).graph.withStore(store).history('a')) checkpoints.push(c);
    expect(checkpoints.find((c) => c.id === from)?.frontier.map((f) => f.node)).toEqual(['Support:tools']);
    const second = await new Runner({ agent, store }).query('Which plan am I on?', { sessionValues: { userId: 'u1' }, threadId: 'b' });
    expect(second.events.filter((e) => e.output?.role === 'tool').map((e) => e.output?.message?.content)).toEqual([
      '- [plan] The customer is on the Pro plan.',
    ]);
    const other = await new Runner({ agent, store }).query('Which plan am I on?', { sessionValues: { userId: 'u2' }, threadId: 'c' });
    expect(other.events.filter((e) => e.output?.role === 'tool').map((e) => e.output?.message?.content)).toEqual([
      'Nothing remembered about that.',
    ]);
  });

  it('writes once per tool call: an approved remember resumed, then the same interrupt resumed again, leaves one item', async () => {
    const { bank, puts, agent, store, paused } = await pausedRemember(['Saved.', 'Saved again.']);
    expect(paused.status).toBe('interrupted');
    expect(puts).toEqual([]);
    const id = paused.interrupts[0]!.id;
    const done = await new Runner({ agent, store }).resume(paused.checkpointId!, { resume: { [id]: { approved: true } } });
    expect(done.finalOutput).toBe('Saved.');
    // The older interrupt resumed again (a fork): the tool call runs again with the same idempotency key.
    const again = await new Runner({ agent, store }).resume(paused.checkpointId!, { resume: { [id]: { approved: true } }, fork: true });
    expect(again.finalOutput).toBe('Saved again.');
    expect(puts).toEqual(['written', 'duplicate']);
    expect(again.events.filter((e) => e.output?.role === 'tool').map((e) => e.output?.message?.content)).toEqual([
      expect.stringMatching(/^Already remembered as "m-[0-9a-f]{12}"\.$/),
    ]);
    const items = (await bank.list(['team'])).items;
    expect(items.map((i) => [i.value, i.origin])).toEqual([
      [
        { text: 'Prefers email.' },
        { threadId: 't', checkpointId: expect.any(String), agentName: 'Support', toolCallId: 'c1', writeId: 't/agent:Support/1.1/c1' },
      ],
    ]);
  });

  it('two resumes of one approval at once: one runs, the other is refused, one item', async () => {
    const { bank, puts, agent, store, paused } = await pausedRemember(['Saved.', 'Saved.']);
    const resume = { resume: { [paused.interrupts[0]!.id]: { approved: true } } };
    const outcomes = await Promise.allSettled([
      new Runner({ agent, store }).resume(paused.checkpointId!, resume),
      new Runner({ agent, store }).resume(paused.checkpointId!, resume),
    ]);
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [(o.reason as { code?: string }).code] : o.value.status === 'error' ? [o.value.error?.code] : [],
    );
    expect(outcomes.length - refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.every((c) => c === 'THREAD_BUSY' || c === 'CONCURRENT_RESUME')).toBe(true);
    expect(puts.filter((s) => s === 'written')).toHaveLength(1);
    expect((await bank.list(['team'])).items).toHaveLength(1);
  });

  it('with a value schema, remember takes a key and a value the schema checks; a value it refuses goes back to the model', async () => {
    const bank = new InMemoryBank();
    const plan = z
      .object({ plan: z.enum(['free', 'pro']), seats: z.number().int().positive() })
      .refine((v) => v.seats <= 100, 'at most 100 seats');
    const [remember] = memoryTools({ bank, namespace: ['accounts'], value: plan });
    expect(remember.spec.parameters).toMatchObject({
      required: ['key', 'value'],
      properties: { value: { type: 'object', properties: { plan: { enum: ['free', 'pro'] } }, required: ['plan', 'seats'] } },
    });
    const model = scriptedModel([
      { toolCalls: [{ id: 'v1', name: 'remember', arguments: { key: 'acme', value: { plan: 'gold', seats: 5 } } }] },
      { toolCalls: [{ id: 'v2', name: 'remember', arguments: { key: 'acme', value: { plan: 'pro', seats: 500 } } }] },
      { toolCalls: [{ id: 'v3', name: 'remember', arguments: { key: 'acme', value: { plan: 'pro', seats: 5 } } }] },
      { text: 'Saved.' },
    ]);
    const done = await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, tools: [remember] }) }).query(
      'Acme is on Pro with 5 seats.',
    );
    const results = done.events.filter((e) => e.type === 'tool-result').map((e) => [e.output?.message?.content, e.error?.code]);
    // The schema's JSON Schema refuses what it can express (the model sees it); the schema itself the rest.
    expect(results[0]).toEqual([
      expect.stringMatching(/invalid arguments for remember: arguments\/value\/plan must be equal to one of the allowed values/),
      'TOOL_ARGUMENTS_INVALID',
    ]);
    expect(results[1]).toEqual([expect.stringMatching(/the value to remember does not fit: .*at most 100 seats/), 'TOOL_FAILED']);
    expect(results[2]).toEqual(['Remembered as "acme".', undefined]);
    expect((await bank.get(['accounts'], 'acme'))?.value).toEqual({ plan: 'pro', seats: 5 });
    expect(() => memoryTools({ bank, namespace: ['x'], value: { type: 'object' } as never })).toThrow(/value must be a Standard Schema/);
  });

  it('forget deletes by key; bad options are typed errors', async () => {
    const bank = new InMemoryBank();
    await bank.put(['team'], 'k', { text: 'old' });
    const [, , forget] = memoryTools({ bank, namespace: ['team'] });
    const model = scriptedModel([
      {
        toolCalls: [
          { id: 'f1', name: 'forget', arguments: { key: 'k' } },
          { id: 'f2', name: 'forget', arguments: { key: 'k' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const done = await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, tools: [forget] }) }).query('forget k');
    const results = done.events.filter((e) => e.output?.role === 'tool').map((e) => e.output?.message?.content);
    expect(results.sort()).toEqual(['Forgot "k".', 'Nothing was remembered as "k".']);
    expect(await bank.get(['team'], 'k')).toBeUndefined();
    expect(() => memoryTools({ bank: {} as MemoryBank, namespace: ['x'] })).toThrow(AgentError);
    expect(() => memoryTools({ bank, namespace: 'team' as never })).toThrow(/namespace must be a list of segments or a function/);
    expect(() => memoryTools({ bank, namespace: ['x'], recall: { k: 0 } })).toThrow(/recall.k must be a whole number from 1 to 100/);
  });
});
