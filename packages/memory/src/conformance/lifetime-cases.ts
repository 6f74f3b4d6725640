import type { BankCase } from './conformance-case.ts';

/** Expiry and idempotent writes. */
export const LIFETIME_CASES: Record<string, BankCase> = {
  'an item past its ttl is never returned, sweep deletes exactly the expired ones, and a put over it starts a new item': async (t) => {
    const bank = await t.open();
    const ns = t.ns('ttl');
    const t0 = t.clock.now();
    await bank.put(ns, 'short', { text: 'short lived' }, { ttlMs: 1_000 });
    await bank.put(ns, 'long', { text: 'long lived' }, { ttlMs: 60_000 });
    await bank.put(ns, 'forever', { text: 'kept' });
    t.expect((await bank.get(ns, 'short'))!.expiresAt).toBe(t0 + 1_000);
    t.clock.advance(999);
    t.expect((await bank.get(ns, 'short'))!.value).toEqual({ text: 'short lived' });
    t.clock.advance(1);
    t.expect(await bank.get(ns, 'short')).toBeUndefined();
    t.expect((await bank.list(ns)).items.map((i) => i.key)).toEqual(['forever', 'long']);
    t.expect((await bank.search(ns, { query: 'short lived', mode: 'keyword' })).items.map((i) => i.key)).toEqual(['long']);
    t.expect(await bank.delete(ns, 'short')).toBe(false); // expired: not there for anyone, yet removed all the same
    await bank.put(ns, 'again', 1, { ttlMs: 1 });
    await bank.put(ns, 'soon', 2, { ttlMs: 1 });
    t.clock.advance(1);
    t.expect(await bank.sweep()).toBe(2);
    t.expect(await bank.sweep()).toBe(0);
    await bank.put(ns, 'short', { text: 'back' });
    t.expect(await bank.get(ns, 'short')).toEqual({
      namespace: ns,
      key: 'short',
      value: { text: 'back' },
      createdAt: t0 + 1_001,
      updatedAt: t0 + 1_001,
    });
    t.expect((await bank.list(ns)).items.map((i) => i.key)).toEqual(['forever', 'long', 'short']);
  },

  'a put whose idempotency key was used writes nothing and answers duplicate with the item as it is': async (t) => {
    const bank = await t.open();
    const ns = t.ns('idem');
    const first = await bank.put(ns, 'k', { v: 1 }, { idempotencyKey: 'thread-1/agent:A/tool:save:call_1' });
    t.expect(first.status).toBe('written');
    await bank.put(ns, 'k', { v: 2 });
    const again = await bank.put(ns, 'k', { v: 3 }, { idempotencyKey: 'thread-1/agent:A/tool:save:call_1' });
    t.expect(again.status).toBe('duplicate');
    t.expect(again.item && again.item.value).toEqual({ v: 2 });
    const elsewhere = await bank.put(ns, 'other', { v: 4 }, { idempotencyKey: 'thread-1/agent:A/tool:save:call_1' });
    t.expect(elsewhere.status).toBe('duplicate');
    t.expect(await bank.get(ns, 'other')).toBeUndefined();
    await bank.delete(ns, 'k');
    const gone = await bank.put(ns, 'k', { v: 5 }, { idempotencyKey: 'thread-1/agent:A/tool:save:call_1' });
    t.expect([gone.status, gone.item]).toEqual(['duplicate', undefined]);
    t.expect((await bank.put(ns, 'k', { v: 6 }, { idempotencyKey: 'another' })).status).toBe('written');
  },

  'concurrent puts with one idempotency key: exactly one is written': async (t) => {
    const bank = await t.open();
    const ns = t.ns('idem');
    const results = await Promise.all([1, 2, 3, 4, 5].map((v) => bank.put(ns, `k${v}`, { v }, { idempotencyKey: 'once' })));
    const written = results.filter((r) => r.status === 'written');
    t.expect(written.length).toBe(1);
    const items = (await bank.list(ns)).items;
    t.expect(items.length).toBe(1);
    t.expect(items[0]!.value).toEqual(written[0]!.item!.value);
  },
};
