import { cosine, hashEmbedder, type MemoryBank } from '@weft/memory';
import { measureRecall, memoryBankConformance, RECALL_SETS } from '@weft/memory/conformance';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../../test-support/pg-test-env.ts';
import { PostgresMemoryBank } from './postgres-memory-bank.ts';

const describePg = pgDescribe();

describe('PostgresMemoryBank options (no server needed)', () => {
  it('rejects bad options with INVALID_ARGUMENT before connecting', async () => {
    const pool = new pg.Pool();
    const bad: unknown[] = [
      null,
      { schema: 'Weft' },
      { schema: 'a"; DROP SCHEMA public; --' },
      { connectionString: '' },
      { pool, connectionString: 'postgres://x' },
      { pool: {} },
      { vectors: 'ivfflat' },
      { maxValueBytes: 0 },
      { embedder: { name: 'no-embed' } },
    ];
    for (const options of bad)
      expect(() => new PostgresMemoryBank(options as never), JSON.stringify(options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^new PostgresMemoryBank\(\): /) }),
      );
    await pool.end();
  });
});

describePg('PostgresMemoryBank', () => {
  const schema = freshSchema();
  const schemas = [schema];
  const newSchema = (): string => {
    const s = freshSchema();
    schemas.push(s);
    return s;
  };
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
  });
  afterAll(async () => {
    for (const s of schemas) await pool.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await pool.end();
  });
  const tables = async (s: string): Promise<string[]> =>
    (await pool.query<{ t: string }>('SELECT tablename AS t FROM pg_tables WHERE schemaname = $1 ORDER BY 1', [s])).rows.map((r) => r.t);

  memoryBankConformance('PostgresMemoryBank', (options) => new PostgresMemoryBank({ ...options, pool, schema }), { describe, it, expect });

  it('two banks on two pools racing puts with one idempotency key (and opening a new schema together) write exactly one item', async () => {
    const s = newSchema();
    const pools = [new pg.Pool({ connectionString: PG_URL, max: 3 }), new pg.Pool({ connectionString: PG_URL, max: 3 })];
    const banks = pools.map((p) => new PostgresMemoryBank({ pool: p, schema: s }));
    try {
      for (let round = 0; round < 5; round++) {
        const ns = ['race', `r${round}`];
        const results = await Promise.all(
          [0, 1, 2, 3, 4, 5].map((i) => banks[i % 2]!.put(ns, `k${i}`, { by: i }, { idempotencyKey: `tool-call-${round}` })),
        );
        const written = results.filter((r) => r.status === 'written');
        expect(written).toHaveLength(1);
        const items = (await banks[round % 2]!.list(ns)).items;
        expect(items).toEqual([written[0]!.item]);
        for (const r of results.filter((x) => x.status === 'duplicate')) expect(r.item).toEqual(written[0]!.item);
      }
      expect(await tables(s)).toEqual(['memory_embeddings', 'memory_idempotency', 'memory_items']);
    } finally {
      for (const b of banks) await b.close();
      for (const p of pools) await p.end();
    }
  });

  it('caches embeddings in the database by embedder and text: a text stored again, by any bank, costs no embedder call', async () => {
    const s = newSchema();
    const asked: string[] = [];
    const inner = hashEmbedder({ dimensions: 64 });
    const embedder = { name: inner.name, dimensions: 64, embed: (texts: string[]) => (asked.push(...texts), inner.embed(texts)) };
    const first = new PostgresMemoryBank({ pool, schema: s, embedder });
    await first.put(['c'], 'a', { text: 'the invoice is due on friday' });
    await first.put(['c'], 'b', { text: 'the invoice is due on friday' });
    await first.put(['c'], 'a', { text: 'the invoice is due on friday' }); // an update of the same text
    const second = new PostgresMemoryBank({ pool, schema: s, embedder });
    await second.put(['c'], 'c', { text: 'the invoice is due on friday' });
    await second.put(['c'], 'd', { text: 'lunch is at noon' });
    await second.put(['c'], 'e', { text: 'lunch is at noon' }, { index: false });
    expect(asked).toEqual(['the invoice is due on friday', 'lunch is at noon']);
    const found = await second.search(['c'], { query: 'when is the invoice due', limit: 3 });
    expect([found.mode, found.items.map((i) => i.key)]).toEqual(['vector', ['a', 'b', 'c']]);
    expect(asked).toHaveLength(3); // queries are embedded each time
    expect((await pool.query(`SELECT count(*)::int AS n FROM ${s}.memory_embeddings`)).rows[0]).toEqual({ n: 2 });
    await first.close();
    await second.close();
  });

  it('vector scores are the cosine of what the embedder returned, unscaled or all zeros', async () => {
    const vectors: Record<string, number[]> = { a: [3, 4, 0], b: [-1, 0, 2], zero: [0, 0, 0], ask: [6, 1, 1] };
    const embedder = { name: 'table', dimensions: 3, embed: async (texts: string[]) => texts.map((t) => vectors[t]!) };
    const bank = new PostgresMemoryBank({ pool, schema: newSchema(), embedder });
    for (const key of ['a', 'b', 'zero']) await bank.put(['v'], key, key);
    const found = await bank.search(['v'], { query: 'ask' });
    expect(found.items.map((i) => i.key)).toEqual(['a', 'zero', 'b']);
    for (const item of found.items) expect(item.score).toBeCloseTo(cosine(vectors['ask']!, vectors[item.key]!), 12);
    await bank.close();
  });

  it('SQL and tsquery syntax in namespaces, keys, filter values and queries is inert data', async () => {
    const s = newSchema();
    const bank = new PostgresMemoryBank({ pool, schema: s });
    const evil = "'); DROP TABLE x; --";
    const ns = ['h', evil, 'a & b | !c', ':*'];
    await bank.put(ns, evil, { text: `${evil} a & b | !c :*`, kind: evil });
    await bank.put(ns, ':*', { text: 'plain words here', kind: 'plain' });
    await bank.put(['h', 'arr'], 'list', ['p', 'q']);
    const keys = (found: { items: { key: string }[] }) => found.items.map((i) => i.key);
    expect((await bank.get(ns, evil))!.value).toEqual({ text: `${evil} a & b | !c :*`, kind: evil });
    expect(keys(await bank.list(['h', evil]))).toEqual([evil, ':*']);
    expect(keys(await bank.list(['h'], { filter: { kind: evil } }))).toEqual([evil]);
    expect(keys(await bank.list(['h'], { filter: { kind: { $in: [evil, 'none'] } } }))).toEqual([evil]);
    expect(keys(await bank.list(['h'], { filter: { kind: { $gt: evil } } }))).toEqual([':*']);
    expect(keys(await bank.list(['h'], { filter: { '0': 'p' } }))).toEqual([]); // a path never indexes into an array
    expect(keys(await bank.search(['h'], { query: evil }))).toEqual([evil]); // the words "drop", "table", "x"
    expect(keys(await bank.search(['h'], { query: 'a & b | !c' }))).toEqual([evil]);
    expect(await bank.search(['h'], { query: ':*' })).toEqual({
      items: [],
      mode: 'keyword',
      fallback: 'this bank has no embedder: keyword search',
    });
    expect(keys(await bank.search(['h'], { query: 'words :* & !' }))).toEqual([':*']);
    expect(await tables(s)).toEqual(['memory_embeddings', 'memory_idempotency', 'memory_items']);
    expect((await pool.query(`SELECT count(*)::int AS n FROM ${s}.memory_items`)).rows[0]).toEqual({ n: 3 });
    await bank.close();
  });

  it('what jsonb or text cannot keep as it is is refused with a typed error and nothing is written', async () => {
    const s = newSchema();
    const bank = new PostgresMemoryBank({ pool, schema: s });
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'fulfilled',
        (err: { code?: string }) => err.code,
      );
    expect(await code(bank.put(['n'], 'k', { text: 'a\u0000b' }))).toBe('INVALID_VALUE');
    expect(await code(bank.put(['n'], 'k', { ['a\u0000']: 1 }))).toBe('INVALID_VALUE');
    expect(await code(bank.put(['n'], 'k', ['\ud800']))).toBe('INVALID_VALUE');
    expect(await code(bank.put(['n'], 'k\ud800', 1))).toBe('INVALID_KEY');
    expect(await code(bank.put(['n\udc00'], 'k', 1))).toBe('INVALID_NAMESPACE');
    expect(await code(bank.list(['n'], { filter: { text: 'a\u0000b' } }))).toBe('INVALID_FILTER');
    expect(await code(bank.list(['n'], { filter: { text: { $in: ['\ud800'] } } }))).toBe('INVALID_FILTER');
    expect((await bank.list([])).items).toEqual([]);
    // An idempotency key is kept by its hash: any string works, a NUL included.
    expect((await bank.put(['n'], 'k', 1, { idempotencyKey: 'a\u0000b' })).status).toBe('written');
    expect((await bank.put(['n'], 'k2', 2, { idempotencyKey: 'a\u0000b' })).status).toBe('duplicate');
    expect((await bank.put(['n'], 'k3', 3, { idempotencyKey: 'a\u0000c' })).status).toBe('written');
    await bank.close();
  });

  it("vectors: 'pgvector' on a server without the extension is INVALID_ARGUMENT saying what to do, and creates nothing", async () => {
    const available = await pool.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
    expect(available.rowCount, 'this test needs a server without pgvector').toBe(0);
    const s = newSchema();
    const bank = new PostgresMemoryBank({ pool, schema: s, vectors: 'pgvector', embedder: hashEmbedder() });
    const err = await bank.put(['n'], 'k', 'text').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({
      name: 'MemoryError',
      code: 'INVALID_ARGUMENT',
      message:
        "new PostgresMemoryBank(): vectors: 'pgvector' needs the pgvector extension, which this PostgreSQL server does not have; install it (https://github.com/pgvector/pgvector) or pass vectors: 'scan' (or 'auto') for the exact float8[] scan",
    });
    await expect(bank.prepare()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [s])).rowCount).toBe(0);
    await bank.close();

    const scan = new PostgresMemoryBank({ pool, schema: s, vectors: 'auto' });
    expect(await scan.prepare()).toBe('scan');
    await scan.put(['n'], 'k', 'kept');
    const again = new PostgresMemoryBank({ pool, schema: s, vectors: 'pgvector' });
    await expect(again.get(['n'], 'k')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(`schema "${s}" keeps its vectors as double precision[] (vectors: 'scan'), not 'pgvector'`),
    });
    expect((await scan.get(['n'], 'k'))!.value).toBe('kept');
    await scan.close();
    await again.close();
  });

  it('recall@3 of hashEmbedder(256) over 30 short facts in 3 topics, 9 queries: 9 of 9 (1.0, as measured)', async () => {
    const bank: MemoryBank = new PostgresMemoryBank({ pool, schema: newSchema(), embedder: hashEmbedder({ dimensions: 256 }) });
    const { hits, misses } = await measureRecall(
      bank,
      RECALL_SETS.find((r) => r.name === 'billing-travel-health')!,
    );
    expect([hits, misses]).toEqual([9, []]); // hashEmbedder is deterministic: the figure is exact on every machine
    await bank.close();
  });
});
