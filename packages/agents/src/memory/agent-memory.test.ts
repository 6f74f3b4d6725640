import { systemMessage, userMessage } from '@weft/chat-model';
import { MemoryStore } from '@weft/graph';
import { InMemoryBank } from '@weft/memory';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { cacheHint, chatModelAgent, memoryTools, Runner, type AgentEvent } from '../index.ts';
import { countingBank } from '../test-support/counting-bank.ts';
import { RECALLED_HEADING } from './agent-memory.ts';

const kinds = (events: readonly AgentEvent[]) => events.map((e) => (e.type === 'memory' ? `memory:${e.memory.kind}` : e.type));

async function seeded(): Promise<InMemoryBank> {
  const bank = new InMemoryBank();
  await bank.put(['users', 'u1'], 'plan', { text: 'On the Pro plan since March.' });
  await bank.put(['users', 'u1'], 'lang', { text: 'Prefers answers in French.' });
  await bank.put(['users', 'u2'], 'plan', { text: 'On the Free plan.' });
  return bank;
}

describe('chatModelAgent({ memory })', () => {
  it('recalls once per model call, for the newest user message, and puts what it found after the instruction', async () => {
    const { bank, searches } = countingBank(await seeded());
    const model = scriptedModel([{ toolCalls: [{ id: 't1', name: 'lookup', arguments: { query: 'plan' } }] }, { text: 'You are on Pro.' }]);
    const lookup = { ...memoryTools({ bank, namespace: ['unused'] })[1], name: 'lookup' };
    const agent = chatModelAgent({
      name: 'Support',
      description: '',
      instruction: 'Help the customer.',
      model,
      tools: [lookup],
      memory: { bank, namespace: (s) => ['users', String(s['userId'])], recall: { k: 2 } },
    });
    const done = await new Runner({ agent }).query('Which plan am I on?', { sessionValues: { userId: 'u1' } });
    expect(done.finalOutput).toBe('You are on Pro.');
    // Two model calls, two searches of the user's namespace (the tool's own search is the third, elsewhere).
    expect(searches.filter(([ns]) => ns[0] === 'users')).toEqual([
      [['users', 'u1'], expect.objectContaining({ query: 'Which plan am I on?', limit: 2 })],
      [['users', 'u1'], expect.objectContaining({ query: 'Which plan am I on?', limit: 2 })],
    ]);
    const block = model.calls[0]!.messages[1]!;
    expect(block.role).toBe('system');
    expect(String(block.content).split('\n')[0]).toBe(RECALLED_HEADING);
    expect(String(block.content)).toContain('- [plan] On the Pro plan since March.');
    expect(model.calls[0]!.messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(model.calls[0]!.messages[0]).toEqual(systemMessage('Help the customer.'));
    expect(kinds(done.events)).toEqual(['memory:recall', 'message', 'memory:recall', 'tool-result', 'memory:recall', 'message']);
    const first = done.events[0]!;
    expect(first.type === 'memory' && first.memory).toEqual({
      kind: 'recall',
      namespace: ['users', 'u1'],
      query: 'Which plan am I on?',
      mode: 'keyword',
      fallback: 'this bank has no embedder: keyword search',
      items: [{ namespace: ['users', 'u1'], key: 'plan', score: expect.any(Number) }],
    });
  });

  it("into 'message' puts the block just before the newest user message; nothing found adds nothing; a query function decides what to search", async () => {
    const bank = await seeded();
    const model = scriptedModel([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    const into = chatModelAgent({
      name: 'A',
      description: '',
      instruction: 'I',
      model,
      memory: { bank, namespace: ['users', 'u1'], into: 'message' },
    });
    await new Runner({ agent: into }).query('plan please');
    expect(model.calls[0]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'user']);
    expect(String(model.calls[0]!.messages[1]!.content)).toContain('[plan]');
    expect(model.calls[0]!.messages[2]).toEqual(userMessage('plan please'));
    await new Runner({ agent: into }).query('weather?');
    expect(model.calls[1]!.messages).toEqual([systemMessage('I'), userMessage('weather?')]);
    const custom = chatModelAgent({
      name: 'B',
      description: '',
      model,
      memory: { bank, namespace: ['users', 'u2'], recall: { query: () => 'plan' } },
    });
    await new Runner({ agent: custom }).query('anything');
    expect(String(model.calls[2]!.messages[0]!.content)).toContain('- [plan] On the Free plan.');
  });

  it('moves cacheHint marks with the messages they mark', async () => {
    const bank = await seeded();
    const seen: (readonly number[] | undefined)[] = [];
    const inner = scriptedModel([{ text: 'ok' }]);
    const model = {
      name: inner.name,
      generate: (m: never, o: { cacheBreakpoints?: readonly number[] }) => (seen.push(o.cacheBreakpoints), inner.generate(m, o as never)),
      stream: inner.stream.bind(inner),
    };
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      instruction: 'I',
      model: model as never,
      context: [cacheHint()],
      memory: { bank, namespace: ['users', 'u1'], into: 'message' },
    });
    await new Runner({ agent }).query('plan?');
    expect(inner.calls[0]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'user']);
    expect(seen).toEqual([[0]]);
  });

  it('a recall that fails fails the agent with the bank’s error, and a bad option is a typed error at definition', async () => {
    const bank = await seeded();
    const broken = countingBank(bank).bank;
    broken.search = () => Promise.reject(Object.assign(new Error('bank down'), { code: 'EMBEDDING_FAILED' }));
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      model: scriptedModel([{ text: 'never' }]),
      memory: { bank: broken, namespace: ['x'] },
    });
    const done = await new Runner({ agent, store: new MemoryStore() }).query('hello');
    expect(done.status).toBe('error');
    expect(done.error?.message).toContain('bank down');
    const define = (memory: unknown) => () =>
      chatModelAgent({ name: 'A', description: '', model: scriptedModel([]), memory: memory as never });
    expect(define({ bank: {}, namespace: ['x'] })).toThrow(/memory .bank must be a MemoryBank/);
    expect(define({ bank, namespace: 'x' })).toThrow(/memory .namespace must be a list of segments/);
    expect(define({ bank, namespace: ['x'], into: 'user' })).toThrow(/memory .into must be 'system' or 'message'/);
    expect(define({ bank, namespace: ['x'], recall: { k: 0 } })).toThrow(/memory .recall.k must be a whole number from 1 to 100/);
  });
});
