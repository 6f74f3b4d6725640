import type { BankCase } from './conformance-case.ts';
import { codeOf, rejection } from './conformance-case.ts';

/** put, get, delete, and the refusals of bad items: the same in every bank. */
export const ITEM_CASES: Record<string, BankCase> = {
  'put then get returns the item with its namespace, key, value and times; an update keeps createdAt': async (t) => {
    const bank = await t.open();
    const ns = t.ns('users', 'u1');
    const t0 = t.clock.now();
    const first = await bank.put(ns, 'plan', { plan: 'pro', seats: 3, tags: ['a', 'b'], nested: { ok: true, none: null } });
    t.expect(first.status).toBe('written');
    const want = {
      namespace: ns,
      key: 'plan',
      value: { plan: 'pro', seats: 3, tags: ['a', 'b'], nested: { ok: true, none: null } },
      createdAt: t0,
      updatedAt: t0,
    };
    t.expect(first.item).toEqual(want);
    t.expect(await bank.get(ns, 'plan')).toEqual(want);
    t.clock.advance(500);
    await bank.put(ns, 'plan', 'team');
    t.expect(await bank.get(ns, 'plan')).toEqual({ namespace: ns, key: 'plan', value: 'team', createdAt: t0, updatedAt: t0 + 500 });
    t.expect(await bank.get(ns, 'other')).toBeUndefined();
    t.expect(await bank.get(t.ns('users'), 'plan')).toBeUndefined();
  },

  'what get returns is a copy: changing it changes nothing stored': async (t) => {
    const bank = await t.open();
    const ns = t.ns('notes');
    await bank.put(ns, 'k', { list: [1] });
    const item = await bank.get(ns, 'k');
    (item!.value as { list: number[] }).list.push(2);
    t.expect((await bank.get(ns, 'k'))!.value).toEqual({ list: [1] });
  },

  'delete removes one item and says whether it was there': async (t) => {
    const bank = await t.open();
    const ns = t.ns('notes');
    await bank.put(ns, 'a', 1);
    await bank.put(ns, 'b', 2);
    t.expect(await bank.delete(ns, 'a')).toBe(true);
    t.expect(await bank.delete(ns, 'a')).toBe(false);
    t.expect(await bank.get(ns, 'a')).toBeUndefined();
    t.expect((await bank.get(ns, 'b'))!.value).toBe(2);
  },

  'origin is kept with the item': async (t) => {
    const bank = await t.open();
    const ns = t.ns('notes');
    const origin = { threadId: 't1', checkpointId: 'cp-3', agentName: 'Helper', toolCallId: 'call_1' };
    await bank.put(ns, 'k', 'v', { origin });
    t.expect((await bank.get(ns, 'k'))!.origin).toEqual(origin);
  },

  'keys, namespaces and values that look like SQL or hold any script round-trip as they are': async (t) => {
    const bank = await t.open();
    const ns = t.ns("x'); DROP TABLE memory_items; --", 'ünïcödé 東京 🚀', '%_\\');
    const key = "k' OR '1'='1\"; --";
    const value = { text: "'); DELETE FROM memory_items; --", emoji: '🚀', rtl: 'שלום' };
    await bank.put(ns, key, value);
    t.expect(await bank.get(ns, key)).toEqual({ namespace: ns, key, value, createdAt: t.clock.now(), updatedAt: t.clock.now() });
    t.expect((await bank.list(t.ns(), {})).items.map((i) => i.key)).toEqual([key]);
    t.expect((await bank.list(t.ns("x'); DROP TABLE memory_items; --", '%'), {})).items).toEqual([]);
  },

  'a bad namespace is INVALID_NAMESPACE, a bad key INVALID_KEY, and nothing is written': async (t) => {
    const bank = await t.open();
    const ns = t.ns('n');
    const namespaces: unknown[] = [
      [],
      'users',
      [''],
      [...ns, ''],
      [...ns, 'a\u0000b'],
      [...ns, 'a\u001fb'],
      [...ns, 'x'.repeat(257)],
      [...ns, 3],
      Array(17).fill('s'),
    ];
    for (const bad of namespaces)
      t.expect(codeOf(await rejection(bank.put(bad as string[], 'k', 1))), JSON.stringify(bad)).toBe('INVALID_NAMESPACE');
    for (const bad of ['', 'a\nb', 'x'.repeat(513), 7, null])
      t.expect(codeOf(await rejection(bank.put(ns, bad as string, 1))), JSON.stringify(bad)).toBe('INVALID_KEY');
    t.expect(codeOf(await rejection(bank.get([], 'k')))).toBe('INVALID_NAMESPACE');
    t.expect(codeOf(await rejection(bank.delete(ns, '')))).toBe('INVALID_KEY');
    t.expect((await bank.list(t.ns(), {})).items).toEqual([]);
  },

  'a value that is not plain JSON is INVALID_VALUE; one over maxValueBytes is VALUE_TOO_LARGE; nothing is written': async (t) => {
    const bank = await t.open({ maxValueBytes: 100 });
    const ns = t.ns('n');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    const values: unknown[] = [
      undefined,
      () => 1,
      { a: undefined },
      [1, undefined],
      NaN,
      Infinity,
      10n,
      new Date(0),
      new Map(),
      cycle,
      Symbol('s'),
    ];
    for (const bad of values) t.expect(codeOf(await rejection(bank.put(ns, 'k', bad as never))), String(typeof bad)).toBe('INVALID_VALUE');
    t.expect(codeOf(await rejection(bank.put(ns, 'k', 'x'.repeat(99))))).toBe('VALUE_TOO_LARGE');
    t.expect((await bank.put(ns, 'k', 'x'.repeat(98))).status).toBe('written'); // 100 bytes with its quotes
    t.expect(codeOf(await rejection(bank.put(ns, 'k', 'é'.repeat(50))))).toBe('VALUE_TOO_LARGE'); // 102 bytes of UTF-8
    t.expect((await bank.get(ns, 'k'))!.value).toBe('x'.repeat(98));
  },

  'bad options are INVALID_ARGUMENT': async (t) => {
    const bank = await t.open();
    const ns = t.ns('n');
    const puts: unknown[] = [
      'x',
      { ttlMs: 0 },
      { ttlMs: 1.5 },
      { ttlMs: -1 },
      { idempotencyKey: '' },
      { index: 'text' },
      { origin: { threadId: 1 } },
      { origin: { evil: 'x' } },
    ];
    for (const bad of puts)
      t.expect(codeOf(await rejection(bank.put(ns, 'k', 1, bad as never))), JSON.stringify(bad)).toBe('INVALID_ARGUMENT');
    for (const bad of [{ limit: 0 }, { limit: 1001 }, { limit: 2.5 }, { cursor: 'not-a-cursor' }, { cursor: 5 }])
      t.expect(codeOf(await rejection(bank.list(ns, bad as never))), JSON.stringify(bad)).toBe('INVALID_ARGUMENT');
    for (const bad of [{ limit: 101 }, { minScore: NaN }, { query: 5 }, { mode: 'vector' }])
      t.expect(codeOf(await rejection(bank.search(ns, bad as never))), JSON.stringify(bad)).toBe('INVALID_ARGUMENT');
    t.expect(await bank.get(ns, 'k')).toBeUndefined();
  },

  'a closed bank refuses every call with BANK_CLOSED': async (t) => {
    const bank = await t.open();
    await bank.close();
    const ns = t.ns('n');
    for (const call of [
      bank.put(ns, 'k', 1),
      bank.get(ns, 'k'),
      bank.delete(ns, 'k'),
      bank.list(ns),
      bank.search(ns, { query: 'x' }),
      bank.sweep(),
    ])
      t.expect(codeOf(await rejection(call))).toBe('BANK_CLOSED');
  },
};
