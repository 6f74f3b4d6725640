import type { MemoryBank } from '../bank/memory-bank.ts';
import type { MemoryFilter } from '../filter/memory-filter.ts';
import type { BankCase, BankCaseTools } from './conformance-case.ts';
import { codeOf, rejection } from './conformance-case.ts';

/** Every key of `list` under `prefix` with `filter`, page by page. */
async function keysOf(bank: MemoryBank, prefix: string[], filter?: MemoryFilter): Promise<string[]> {
  return (await bank.list(prefix, filter ? { filter } : {})).items.map((i) => i.key);
}

/** Items whose values cover what filters look at: types, missing fields, nested paths. */
async function filterFixture(t: BankCaseTools): Promise<{ bank: MemoryBank; ns: string[] }> {
  const bank = await t.open();
  const ns = t.ns('f');
  const values: Record<string, unknown> = {
    a: { kind: 'note', n: 1, s: 'apple', ok: true, addr: { city: 'Oslo' } },
    b: { kind: 'note', n: 5, s: 'banana', ok: false, addr: { city: 'Bergen' } },
    c: { kind: 'pref', n: 10, s: 'cherry', ok: true },
    d: { kind: 'pref', n: '5', s: 'Date', ok: 1, none: null },
    e: ['not', 'an', 'object'],
    f: 'just text',
  };
  for (const [key, value] of Object.entries(values)) await bank.put(ns, key, value as never);
  return { bank, ns };
}

/** list: the namespace tree, order, pages and filters. */
export const LIST_CASES: Record<string, BankCase> = {
  'a prefix reaches its own namespace and every one below it, segment by segment, ordered by namespace then key': async (t) => {
    const bank = await t.open();
    await bank.put(t.ns('users', 'u1'), 'b', 1);
    await bank.put(t.ns('users', 'u1'), 'a', 2);
    await bank.put(t.ns('users', 'u1', 'deep'), 'a', 3);
    await bank.put(t.ns('users', 'u2'), 'a', 4);
    await bank.put(t.ns('users2'), 'a', 5);
    await bank.put(t.ns('users'), 'top', 6);
    const page = await bank.list(t.ns('users'));
    t.expect(page.items.map((i) => [i.namespace.slice(1), i.key, i.value])).toEqual([
      [['users'], 'top', 6],
      [['users', 'u1'], 'a', 2],
      [['users', 'u1'], 'b', 1],
      [['users', 'u1', 'deep'], 'a', 3],
      [['users', 'u2'], 'a', 4],
    ]);
    t.expect(page.cursor).toBeUndefined();
    t.expect(await keysOf(bank, t.ns('users', 'u'))).toEqual([]);
    t.expect((await bank.list(t.ns())).items.length).toBe(6);
  },

  'pages of `limit` items follow each other through the cursor, with nothing repeated or skipped': async (t) => {
    const bank = await t.open();
    const ns = t.ns('p');
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
    for (const k of [...keys].reverse()) await bank.put(ns, k, k);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await bank.list(ns, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((i) => i.key));
      cursor = page.cursor;
      pages++;
    } while (cursor && pages < 10);
    t.expect(seen).toEqual(keys);
    t.expect(pages).toBe(3);
  },

  'a filter compares fields of the same JSON type only, reads dotted paths, and treats a missing field as absent': async (t) => {
    const { bank, ns } = await filterFixture(t);
    const cases: [MemoryFilter, string[]][] = [
      [{ kind: 'note' }, ['a', 'b']],
      [{ n: 5 }, ['b']],
      [{ n: '5' }, ['d']],
      [{ ok: true }, ['a', 'c']],
      [{ ok: 1 }, ['d']],
      [{ none: null }, ['d']],
      [{ n: { $gt: 1 } }, ['b', 'c']],
      [{ n: { $gte: 1, $lt: 10 } }, ['a', 'b']],
      [{ n: { $lte: 5 } }, ['a', 'b']],
      [{ s: { $gt: 'b' } }, ['b', 'c']],
      [{ s: { $lt: 'a' } }, ['d']],
      [{ kind: { $ne: 'note' } }, ['c', 'd', 'e', 'f']],
      [{ n: { $in: [1, 10, '5'] } }, ['a', 'c', 'd']],
      [{ kind: { $nin: ['note'] } }, ['c', 'd', 'e', 'f']],
      [{ none: { $exists: true } }, ['d']],
      [{ addr: { $exists: false } }, ['c', 'd', 'e', 'f']],
      [{ 'addr.city': 'Oslo' }, ['a']],
      [{ 'addr.city': { $exists: true }, kind: 'note', n: { $gt: 1 } }, ['b']],
      [{ kind: "note' OR '1'='1" }, []],
      [{ 'addr.city.x': 'Oslo' }, []],
    ];
    for (const [filter, want] of cases) t.expect(await keysOf(bank, ns, filter), JSON.stringify(filter)).toEqual(want);
  },

  'a filter with an unknown operator, a field that is not a name, or an operand that is not a scalar is INVALID_FILTER': async (t) => {
    const { bank, ns } = await filterFixture(t);
    const bad: unknown[] = [
      { n: { $regex: '.*' } },
      { n: { $where: 'true' } },
      { "n') OR 1=1 --": 1 },
      { 'a..b': 1 },
      { '': 1 },
      { n: { $gt: true } },
      { n: { $gt: null } },
      { n: { $in: 'a' } },
      { n: { $in: [{ a: 1 }] } },
      { n: { $exists: 'yes' } },
      { n: {} },
      { n: [1, 2] },
      { n: { a: 1 } },
      ['kind', 'note'],
      'kind = note',
    ];
    for (const filter of bad) {
      t.expect(codeOf(await rejection(bank.list(ns, { filter: filter as never }))), JSON.stringify(filter)).toBe('INVALID_FILTER');
      t.expect(codeOf(await rejection(bank.search(ns, { query: 'x', filter: filter as never }))), JSON.stringify(filter)).toBe(
        'INVALID_FILTER',
      );
    }
  },
};
