/**
 * GET /api/memory: an item of the studio's memory bank by namespace (a JSON
 * array) and key — what the Memory tab opens from a key — with typed
 * refusals: a bad namespace or key (400 BAD_REQUEST), no live item (404
 * MEMORY_NOT_FOUND), no bank (404 MEMORY_BANK_MISSING); and the graph
 * answer saying whether a bank is served.
 */
import { MemoryStore } from '@weft/graph';
import { InMemoryBank } from '@weft/memory';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudio } from '../src/index.ts';
import { memoryItemResponse } from '../src/api/memory-schema.ts';
import { readRunEvents } from './support/browser-studio.ts';
import { LANG_TEXT, MEMORY_NAMESPACE, memoryAgent, PLAN_TEXT } from './support/memory-agents.ts';
import { reviewStudio } from './support/review-graph.ts';

let studio: Awaited<ReturnType<typeof reviewStudio>> | undefined;
afterEach(async () => {
  await studio?.served.close();
  studio = undefined;
});

const memoryPath = (namespace: unknown, key?: string) =>
  `/api/memory?namespace=${encodeURIComponent(typeof namespace === 'string' ? namespace : JSON.stringify(namespace))}` +
  (key === undefined ? '' : `&key=${encodeURIComponent(key)}`);

describe('GET /api/memory', () => {
  it("answers an item a run's memory tools wrote: its value, times and origin; the graph says a bank is served", async () => {
    const bank = new InMemoryBank();
    studio = await reviewStudio({ target: memoryAgent(bank), memory: bank });
    const run = await studio.call('/api/threads/t1/runs', { input: { query: 'I am on Pro; English please.' }, wait: true });
    expect([run.status, run.body.status]).toEqual([200, 'done']);
    expect((await studio.call('/api/graph')).body.memoryBank).toBe(true);

    const found = await studio.call(memoryPath(MEMORY_NAMESPACE, 'plan'));
    expect(found.status).toBe(200);
    const item = memoryItemResponse.parse(found.body);
    expect(item).toEqual({
      namespace: MEMORY_NAMESPACE,
      key: 'plan',
      value: { text: PLAN_TEXT },
      createdAt: expect.any(Number),
      updatedAt: item.createdAt,
      origin: expect.objectContaining({ threadId: 't1', agentName: 'Keeper', toolCallId: 'w1' }),
    });
    expect((await studio.call(memoryPath(MEMORY_NAMESPACE, 'lang'))).body.value).toEqual({ text: LANG_TEXT });
    // Reading changes nothing in the bank.
    expect((await bank.list(MEMORY_NAMESPACE)).items.map((i) => i.key).sort()).toEqual(['lang', 'plan']);
  });

  it('the events of the run carry the memory activity the Memory tab lists', async () => {
    const bank = new InMemoryBank();
    studio = await reviewStudio({ target: memoryAgent(bank), memory: bank });
    await studio.call('/api/threads/t1/runs', { input: { query: 'I am on Pro; English please.' }, wait: true });
    const events = await readRunEvents(studio.served.url, 't1');
    const memory = events.filter((e) => e.event === 'agent' && e.data['type'] === 'memory').map((e) => e.data['memory']);
    expect(memory).toEqual([
      { kind: 'write', namespace: MEMORY_NAMESPACE, key: 'plan', status: 'written', toolCallId: 'w1' },
      { kind: 'write', namespace: MEMORY_NAMESPACE, key: 'lang', status: 'written', toolCallId: 'w2' },
      {
        kind: 'recall',
        namespace: MEMORY_NAMESPACE,
        query: 'Pro plan English',
        mode: 'keyword',
        fallback: 'this bank has no embedder: keyword search',
        items: [
          { namespace: MEMORY_NAMESPACE, key: 'plan', score: expect.any(Number) },
          { namespace: MEMORY_NAMESPACE, key: 'lang', score: expect.any(Number) },
        ],
      },
    ]);
  });

  it('404 MEMORY_NOT_FOUND for a key, or a namespace, the bank holds nothing under', async () => {
    const bank = new InMemoryBank();
    await bank.put(['notes'], 'plan', { text: PLAN_TEXT });
    studio = await reviewStudio({ memory: bank });
    for (const [namespace, key] of [
      [['notes'], 'nope'],
      [['notes', 'deeper'], 'plan'],
      [['other'], 'plan'],
    ] as const) {
      const res = await studio.call(memoryPath(namespace, key));
      expect([res.status, res.body]).toEqual([
        404,
        {
          error: {
            code: 'MEMORY_NOT_FOUND',
            message: `the memory bank holds no item "${key}" in ${JSON.stringify(namespace)}`,
            details: { namespace, key },
          },
        },
      ]);
    }
    expect((await bank.list([])).items.map((i) => [i.namespace, i.key])).toEqual([[['notes'], 'plan']]);
  });

  it('400 BAD_REQUEST for a namespace that is no JSON array of segments a bank keeps, or a bad key; nothing is read', async () => {
    const bank = new InMemoryBank();
    await bank.put(['notes'], 'plan', { text: PLAN_TEXT });
    studio = await reviewStudio({ memory: bank });
    const refusal = async (path: string) => {
      const res = await studio!.call(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('BAD_REQUEST');
      return res.body.error.message as string;
    };
    const hint = 'send the namespace as a JSON array of strings, such as ["notes","t1"]';
    expect(await refusal('/api/memory?key=plan')).toBe(`query.namespace: missing; ${hint}`);
    expect(await refusal(memoryPath('notes', 'plan'))).toBe(`query.namespace: not JSON; ${hint}`);
    expect(await refusal(memoryPath('"notes"', 'plan'))).toBe(
      "query.namespace: a namespace is a list of strings, such as ['users', 'u42'] (got \"notes\")",
    );
    expect(await refusal(memoryPath([], 'plan'))).toBe("query.namespace: a namespace needs at least one segment, such as ['notes']");
    expect(await refusal(memoryPath(['notes', 7], 'plan'))).toBe('query.namespace: namespace segment 1 must be a string (got number)');
    expect(await refusal(memoryPath(['no\u0007tes'], 'plan'))).toBe(
      'query.namespace: namespace segment 0 must not hold control characters (U+0000 to U+001F, U+007F)',
    );
    expect(await refusal(memoryPath(['notes']))).toBe('query.key: missing; send the item’s key');
    expect(await refusal(memoryPath(['notes'], ''))).toBe('query.key: the key must not be empty');
    expect(await refusal(memoryPath(['notes'], 'k'.repeat(513)))).toBe('query.key: the key has 513 characters; at most 512 are allowed');
  });

  it('404 MEMORY_BANK_MISSING on a studio without a bank, whatever is asked; the graph says none is served', async () => {
    studio = await reviewStudio();
    expect((await studio.call('/api/graph')).body.memoryBank).toBe(false);
    // Nor does it run on a queue: the page does not ask for schedules.
    expect((await studio.call('/api/graph')).body.schedules).toBe(false);
    for (const path of [memoryPath(['notes'], 'plan'), '/api/memory']) {
      const res = await studio.call(path);
      expect([res.status, res.body]).toEqual([
        404,
        {
          error: {
            code: 'MEMORY_BANK_MISSING',
            message:
              'this studio serves no memory bank: create it with createStudio({ memory: bank }) (weft serve: export the bank as `memory`)',
          },
        },
      ]);
    }
  });

  it('createStudio refuses a memory option that is no MemoryBank', () => {
    for (const memory of [{}, 'bank', null]) {
      expect(() => createStudio({ target: memoryAgent(new InMemoryBank()), store: new MemoryStore(), memory: memory as never })).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: 'createStudio(): memory must be a MemoryBank (InMemoryBank, SqliteMemoryBank, PostgresMemoryBank, …)',
        }),
      );
    }
  });
});
