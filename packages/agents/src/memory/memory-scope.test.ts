import { MemoryStore } from '@weft/graph';
import { InMemoryBank } from '@weft/memory';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, memoryTools, Runner, type AgentEvent, type MemoryScope } from '../index.ts';

const memoryEvents = (events: readonly AgentEvent[]) => events.flatMap((e) => (e.type === 'memory' ? [e.memory] : []));
const toolTexts = (events: readonly AgentEvent[]) => events.flatMap((e) => (e.type === 'tool-result' ? [e.output.message.content] : []));

/** Run 1 remembers; run 2 (same thread, later) recalls; then a fork from run 1's first checkpoint recalls. */
async function branches(scope: MemoryScope) {
  const bank = new InMemoryBank();
  const model = scriptedModel([
    { toolCalls: [{ id: 'w1', name: 'remember', arguments: { text: 'The customer is on the Pro plan.', key: 'plan' } }] },
    { text: 'Noted.' },
    { toolCalls: [{ id: 'r1', name: 'recall', arguments: { query: 'plan' } }] },
    { text: 'Pro.' },
    { toolCalls: [{ id: 'r2', name: 'recall', arguments: { query: 'plan' } }] },
    { text: 'On the fork.' },
  ]);
  const agent = chatModelAgent({ name: 'Support', description: '', model, tools: memoryTools({ bank, namespace: ['notes'], scope }) });
  const store = new MemoryStore();
  const runner = new Runner({ agent, store });
  const first = await runner.query('I am on Pro.', { threadId: 't' });
  const later = await runner.query('Which plan?', { threadId: 't' });
  const checkpoints = [];
  for await (const c of runner.graph.withStore(store).history('t')) checkpoints.push(c);
  const start = checkpoints.at(-1)!; // run 1's first checkpoint, before the remember
  const fork = await runner.resume(`t::${start.id}`, { fork: true });
  return { bank, first, later, fork };
}

describe('memory scope and the branches of a thread', () => {
  it("thread scope: the thread's own namespace; a fork from before the write does not recall it, the branch that wrote it does", async () => {
    const { bank, first, later, fork } = await branches('thread');
    expect(memoryEvents(first.events)).toEqual([
      { kind: 'write', namespace: ['notes', 't'], key: 'plan', status: 'written', toolCallId: 'w1' },
    ]);
    expect((await bank.list(['notes'])).items.map((i) => [i.namespace, i.key])).toEqual([[['notes', 't'], 'plan']]);
    expect(toolTexts(later.events)).toEqual(['- [plan] The customer is on the Pro plan.']);
    expect(memoryEvents(later.events)).toEqual([
      {
        kind: 'recall',
        namespace: ['notes', 't'],
        query: 'plan',
        mode: 'keyword',
        fallback: 'this bank has no embedder: keyword search',
        items: [{ namespace: ['notes', 't'], key: 'plan', score: expect.any(Number) }],
      },
    ]);
    expect(fork.status).toBe('done');
    expect(toolTexts(fork.events)).toEqual(['Nothing remembered about that.']);
    expect(memoryEvents(fork.events)).toEqual([
      {
        kind: 'recall',
        namespace: ['notes', 't'],
        query: 'plan',
        mode: 'keyword',
        fallback: 'this bank has no embedder: keyword search',
        items: [],
        otherBranches: 1,
      },
    ]);
  });

  it('shared scope: what any branch wrote is recalled on every branch and in every thread', async () => {
    const { bank, later, fork } = await branches('shared');
    expect((await bank.list(['notes'])).items.map((i) => [i.namespace, i.key])).toEqual([[['notes'], 'plan']]);
    expect(toolTexts(later.events)).toEqual(['- [plan] The customer is on the Pro plan.']);
    expect(toolTexts(fork.events)).toEqual(['- [plan] The customer is on the Pro plan.']);
    expect(memoryEvents(fork.events).map((m) => m.kind === 'recall' && m.otherBranches)).toEqual([undefined]);
  });

  it('two remembers in one turn both count as the branch’s writes; a forget reports whether it deleted', async () => {
    const bank = new InMemoryBank();
    const model = scriptedModel([
      {
        toolCalls: [
          { id: 'a', name: 'remember', arguments: { text: 'Likes tea.', key: 'drink' } },
          { id: 'b', name: 'remember', arguments: { text: 'Lives in Oslo.', key: 'city' } },
        ],
      },
      {
        toolCalls: [
          { id: 'c', name: 'recall', arguments: { query: 'tea Oslo' } },
          { id: 'd', name: 'forget', arguments: { key: 'nope' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: memoryTools({ bank, namespace: ['n'], scope: 'thread' }) });
    const done = await new Runner({ agent, store: new MemoryStore() }).query('Remember both.', { threadId: 'x' });
    expect([done.status, done.error]).toEqual(['done', undefined]);
    const recall = memoryEvents(done.events).find((m) => m.kind === 'recall');
    expect(recall && recall.kind === 'recall' && recall.items.map((i) => i.key).sort()).toEqual(['city', 'drink']);
    expect(memoryEvents(done.events).filter((m) => m.kind !== 'recall')).toEqual(
      expect.arrayContaining([
        { kind: 'write', namespace: ['n', 'x'], key: 'drink', status: 'written', toolCallId: 'a' },
        { kind: 'write', namespace: ['n', 'x'], key: 'city', status: 'written', toolCallId: 'b' },
        { kind: 'forget', namespace: ['n', 'x'], key: 'nope', deleted: false, toolCallId: 'd' },
      ]),
    );
  });

  it('thread scope without a store is a typed error that says what to do', async () => {
    const model = scriptedModel([{ toolCalls: [{ id: 'a', name: 'remember', arguments: { text: 'x' } }] }, { text: 'Done.' }]);
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      model,
      tools: memoryTools({ bank: new InMemoryBank(), namespace: ['n'], scope: 'thread' }),
    });
    const done = await new Runner({ agent }).query('go');
    expect(toolTexts(done.events)).toEqual([expect.stringContaining("scope 'thread' needs a thread: run the agent with a store")]);
  });
});
