import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { hashEmbedder, InMemoryBank } from '@weft/memory';
import type { MemoryBankOptions } from '@weft/memory';
import { measureRecall, memoryBankConformance, RECALL_SETS } from '@weft/memory/conformance';
import { SqliteMemoryBank } from './sqlite-memory-bank.ts';
import type { VectorSearch } from './sqlite-memory-bank-options.ts';

type Embedder = NonNullable<MemoryBankOptions['embedder']>;

const dir = mkdtempSync(join(tmpdir(), 'weft-memory-'));
let files = 0;
const freshFile = (): string => join(dir, `memory-${files++}.db`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every case of a mode shares one file, as banks of several processes would: each case writes under a root of its own.
for (const vectors of ['sqlite-vec', 'scan'] as const satisfies VectorSearch[]) {
  const path = freshFile();
  memoryBankConformance(`SqliteMemoryBank (vectors '${vectors}')`, (options) => new SqliteMemoryBank({ ...options, path, vectors }), {
    describe,
    it,
    expect,
  });
}

/** An embedder that counts the texts it is asked to embed. */
function counting(inner: Embedder = hashEmbedder({ dimensions: 64 })): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    name: inner.name,
    dimensions: inner.dimensions,
    texts,
    async embed(batch, options) {
      texts.push(...batch);
      return inner.embed(batch, options);
    },
  };
}

/** The rows of one of the bank's tables, read beside it. */
function countRows(path: string, table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** FTS5's own check that the index holds exactly the items' texts. */
function ftsIntact(path: string): boolean {
  const db = new Database(path);
  try {
    db.prepare(`INSERT INTO weft_memory_fts (weft_memory_fts) VALUES ('integrity-check')`).run();
    return true;
  } finally {
    db.close();
  }
}

describe('SqliteMemoryBank', () => {
  it('says how vector search runs: sqlite-vec when asked or when it loads (auto), a scan when asked', async () => {
    const path = freshFile();
    const modes: string[] = [];
    for (const vectors of ['auto', 'sqlite-vec', 'scan'] as const) {
      const bank = new SqliteMemoryBank({ path, vectors });
      modes.push(await bank.vectorSearch());
      await bank.close();
    }
    expect(modes).toEqual(['sqlite-vec', 'sqlite-vec', 'scan']);
  });

  it('refuses options it cannot use with INVALID_ARGUMENT saying what to pass', () => {
    const cases: [unknown, string][] = [
      [undefined, "new SqliteMemoryBank(): pass an options object: new SqliteMemoryBank({ path: '.weft/memory.db' })"],
      [{}, 'new SqliteMemoryBank(): pass either path (a file) or database (an open better-sqlite3 database)'],
      [{ path: 'a.db', database: {} }, 'new SqliteMemoryBank(): pass either path (a file) or database (an open better-sqlite3 database)'],
      [{ path: '' }, "new SqliteMemoryBank(): path must be a non-empty string (a file, or ':memory:')"],
      [
        { path: 'a.db', tablePrefix: 'x; DROP TABLE y; --' },
        'new SqliteMemoryBank(): tablePrefix must be 1 to 48 letters, digits and _, starting with a letter (got "x; DROP TABLE y; --")',
      ],
      [{ path: 'a.db', vectors: 'vec0' }, "new SqliteMemoryBank(): vectors must be one of 'auto', 'sqlite-vec', 'scan' (got \"vec0\")"],
    ];
    for (const [options, message] of cases) {
      const err = (() => {
        try {
          new SqliteMemoryBank(options as never);
        } catch (e) {
          return e as { code?: string; message: string };
        }
        throw new Error('expected a refusal');
      })();
      expect([err.code, err.message]).toEqual(['INVALID_ARGUMENT', message]);
    }
  });

  it('in a database passed in, creates its tables under tablePrefix and leaves the database open on close', async () => {
    const db = new Database(freshFile());
    const bank = new SqliteMemoryBank({ database: db, tablePrefix: 'agent_mem_', vectors: 'scan' });
    await bank.put(['notes'], 'k', { text: 'kept here' });
    await bank.close();
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'agent_mem_%' AND name NOT LIKE 'agent_mem_fts_%' ORDER BY name`,
      )
      .all();
    expect(tables).toEqual([
      { name: 'agent_mem_embeddings' },
      { name: 'agent_mem_fts' },
      { name: 'agent_mem_idempotency' },
      { name: 'agent_mem_items' },
    ]);
    expect(db.prepare('SELECT ns, key, value FROM agent_mem_items').all()).toEqual([
      { ns: 'notes', key: 'k', value: '{"text":"kept here"}' },
    ]);
    db.close();
  });

  it('two banks on one file racing puts with one idempotency key: exactly one item is written, the other put is a duplicate', async () => {
    const path = freshFile();
    // Both puts pass the first idempotency check, then wait in the embedder until both are there: they meet at the write.
    let arrived = 0;
    let release: () => void = () => {};
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const inner = hashEmbedder({ dimensions: 64 });
    const barrier: Embedder = {
      name: inner.name,
      dimensions: 64,
      async embed(texts) {
        if (++arrived === 2) release();
        await bothArrived;
        return inner.embed(texts);
      },
    };
    const a = new SqliteMemoryBank({ path, embedder: barrier });
    const b = new SqliteMemoryBank({ path, embedder: barrier });
    const results = await Promise.all([
      a.put(['jobs'], 'from-a', { text: 'written by a' }, { idempotencyKey: 'job-7/step-2' }),
      b.put(['jobs'], 'from-b', { text: 'written by b' }, { idempotencyKey: 'job-7/step-2' }),
    ]);
    expect(arrived).toBe(2);
    const written = results.filter((r) => r.status === 'written');
    const duplicate = results.filter((r) => r.status === 'duplicate');
    expect([written.length, duplicate.length]).toEqual([1, 1]);
    expect(duplicate[0]!.item).toEqual(written[0]!.item);
    const third = new SqliteMemoryBank({ path });
    expect((await third.list(['jobs'])).items).toEqual([written[0]!.item]);
    expect(countRows(path, 'weft_memory_idempotency')).toBe(1);
    for (const bank of [a, b, third]) await bank.close();
  });

  it('embeds a text once: a second put of it and a bank reopened on the file make no embedder call; sweep drops unused vectors', async () => {
    const path = freshFile();
    const embedder = counting();
    const first = new SqliteMemoryBank({ path, embedder });
    await first.put(['notes'], 'a', { text: 'the deploy runs at noon' });
    await first.put(['notes'], 'b', { text: 'the deploy runs at noon' });
    await first.close();
    expect(embedder.texts).toEqual(['the deploy runs at noon']);

    let clock = 1_700_000_000_000;
    const reopened = new SqliteMemoryBank({ path, embedder, now: () => clock });
    await reopened.put(['notes'], 'c', { text: 'the deploy runs at noon' });
    const found = await reopened.search(['notes'], { query: 'the deploy runs at noon' });
    expect(found.items.map((i) => [i.key, Math.round(i.score * 1e6) / 1e6])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    expect(embedder.texts).toEqual(['the deploy runs at noon']);
    await reopened.search(['notes'], { query: 'when is the deploy' });
    expect(embedder.texts).toEqual(['the deploy runs at noon', 'when is the deploy']);
    expect(countRows(path, 'weft_memory_embeddings')).toBe(1); // queries are embedded, not kept

    for (const key of ['a', 'b', 'c']) await reopened.delete(['notes'], key);
    expect(await reopened.sweep()).toBe(0);
    expect(countRows(path, 'weft_memory_embeddings')).toBe(0);
    await reopened.put(['notes'], 'd', { text: 'the deploy runs at noon' });
    expect(embedder.texts.length).toBe(3);
    await reopened.put(['notes'], 'd', { text: 'rewritten: the deploy moved' }, { ttlMs: 1 });
    expect(countRows(path, 'weft_memory_embeddings')).toBe(2);
    clock += 1;
    expect(await reopened.sweep()).toBe(1);
    expect(countRows(path, 'weft_memory_embeddings')).toBe(0);
    await reopened.close();
    expect(ftsIntact(path)).toBe(true); // every delete and rewrite kept the FTS5 index in step
  });

  it('hostile input stays inert: SQL in namespaces, keys and filter values is data, FTS5 syntax in a query is words', async () => {
    const path = freshFile();
    const bank = new SqliteMemoryBank({ path });
    const reference = new InMemoryBank();
    const ns = ["x'); DROP TABLE weft_memory_items; --", '%', '_*"'];
    const notes: Record<string, { text: string; kind: string }> = {
      "k1' OR '1'='1": { text: 'alpha beta', kind: 'note' },
      'k2"; DELETE FROM weft_memory_fts; --': { text: 'b is a letter', kind: 'note' },
      k3: { text: 'near the river', kind: "note' OR 1=1 --" },
      k4: { text: 'choose this or that', kind: 'note' },
      k5: { text: 'nothing relevant', kind: 'note' },
    };
    for (const [key, value] of Object.entries(notes)) {
      await bank.put(ns, key, value);
      await reference.put(ns, key, value);
    }
    const queries: [string, string[]][] = [
      ['"a" OR b*', ['k2"; DELETE FROM weft_memory_fts; --', 'k3', 'k4']], // k3's kind holds "or"
      ['NEAR(', ['k3']],
      ['"alpha', ["k1' OR '1'='1"]],
      ['alpha"beta', ["k1' OR '1'='1"]],
      ["beta'", ["k1' OR '1'='1"]],
      ['NOT alpha', ["k1' OR '1'='1"]],
      ['text:alpha', ["k1' OR '1'='1"]],
      ['^alpha AND -beta', ["k1' OR '1'='1"]],
      ['*', []],
      ["'); DROP TABLE weft_memory_items; --", []],
    ];
    for (const [query, want] of queries) {
      const found = await bank.search(ns, { query });
      const expected = await reference.search(ns, { query });
      expect([query, found.mode, found.items.map((i) => i.key).sort()]).toEqual([query, 'keyword', want]);
      expect(found.items.map((i) => i.key)).toEqual(expected.items.map((i) => i.key));
    }
    const keysWith = async (filter: object) => (await bank.list(ns, { filter: filter as never })).items.map((i) => i.key);
    expect(await keysWith({ kind: "note' OR 1=1 --" })).toEqual(['k3']);
    expect(await keysWith({ kind: "' OR ''='" })).toEqual([]);
    expect(await keysWith({ kind: { $in: ["') OR 1=1 --", 'x'] } })).toEqual([]);
    expect(await keysWith({ text: { $gt: "' OR 1=1 --" } })).toEqual(Object.keys(notes).sort());
    for (const prefix of [[ns[0]!, '_'], [ns[0]!, '%%'], ["x'); DROP TABLE weft_memory_items; -%"], ['x%']])
      expect((await bank.list(prefix)).items, JSON.stringify(prefix)).toEqual([]);
    expect((await bank.list([ns[0]!])).items.map((i) => i.value)).toEqual(
      Object.entries(notes)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, v]) => v),
    );
    await bank.close();
    expect(ftsIntact(path)).toBe(true);
    expect(countRows(path, 'weft_memory_items')).toBe(5);
  });

  describe('recall@3 on 30 short facts in 3 topics (hashEmbedder, 256 dimensions, 9 queries)', () => {
    const set = RECALL_SETS.find((r) => r.name === 'travel-cooking-work')!;

    for (const vectors of ['sqlite-vec', 'scan'] as const) {
      it(`with vectors '${vectors}': recall@3 is at least 8 of 9, and 8 of 9 first results are of the query's topic`, async () => {
        const bank = new SqliteMemoryBank({ path: freshFile(), vectors, embedder: hashEmbedder({ dimensions: 256 }) });
        const { hits, firsts } = await measureRecall(bank, set);
        await bank.close();
        // Measured: 8 of 9 in both modes. The miss is the rice question ("How much water for the rice?"): hashEmbedder's
        // hashed words collide in 256 dimensions, so it ranks the planning meeting first. Both modes rank alike.
        expect(hits).toBeGreaterThanOrEqual(8);
        expect(firsts).toEqual([
          'travel/flight',
          'travel/train',
          'travel/seat',
          'cooking/allergy',
          'cooking/bread',
          'work/meeting',
          'work/manager',
          'work/deploy',
          'work/review',
        ]);
      });
    }
  });
});
