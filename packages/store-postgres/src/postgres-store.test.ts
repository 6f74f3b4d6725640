import type { CheckpointEntry } from '@weft/checkpoint';
import { checkpointStoreConformance, conformanceEntry } from '@weft/checkpoint/conformance';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { raceGraph } from '../test-support/race-graph.ts';
import { MIGRATIONS } from './migrations.ts';
import { PostgresStore } from './postgres-store.ts';

const describePg = pgDescribe();

describe('PostgresStore options (no server needed)', () => {
  it('rejects bad options with INVALID_ARGUMENT before connecting', () => {
    const pool = new pg.Pool();
    const bad = [
      { schema: 'Weft' },
      { schema: 'a-b' },
      { schema: '' },
      { connectionString: '' },
      { max: 0 },
      { max: 1.5 },
      { pool, connectionString: 'postgres://x' },
      { pool, max: 3 },
      { pool: {} as pg.Pool },
    ];
    for (const options of bad)
      expect(() => new PostgresStore(options), JSON.stringify(options)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => new PostgresStore(null as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    return pool.end();
  });

  it('a refused connection surfaces as pg reports it, not wrapped', async () => {
    const store = new PostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/weft' });
    const err = await store.get('t').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ECONNREFUSED' });
    expect((err as Error).name).not.toBe('WeftError');
    await store.close();
  });
});

describePg('PostgresStore', () => {
  const schema = freshSchema();
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: PG_URL });
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    for (const extra of extraSchemas) await admin.query(`DROP SCHEMA IF EXISTS ${extra} CASCADE`);
    await admin.end();
  });
  const extraSchemas: string[] = [];
  const newSchema = (): string => {
    const s = freshSchema();
    extraSchemas.push(s);
    return s;
  };

  checkpointStoreConformance(
    'PostgresStore',
    () => new PostgresStore({ connectionString: PG_URL, schema }),
    { describe, it, expect, beforeEach, afterEach },
    { cleanup: (store) => (store as PostgresStore).close() },
  );

  describe('migrations', () => {
    it('stores migrating one fresh schema concurrently all succeed, and each version is applied once', async () => {
      const s = newSchema();
      const stores = Array.from({ length: 5 }, () => new PostgresStore({ connectionString: PG_URL, schema: s }));
      try {
        await Promise.all(stores.map((st) => st.migrate()));
        await Promise.all(stores.map((st, i) => (i === 0 ? st.put(conformanceEntry('t', 1)) : st.get('t'))));
        const again = new PostgresStore({ connectionString: PG_URL, schema: s });
        await again.migrate(); // nothing left to do: no error, no new rows
        await again.close();
        const rows = await admin.query(`SELECT version, name FROM ${s}.weft_migrations ORDER BY version`);
        expect(rows.rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
        expect((await stores[4]!.list('t')).map((e) => e.id)).toEqual(['cp-1']);
      } finally {
        await Promise.all(stores.map((st) => st.close()));
      }
    });

    it('a failed migration is retried on the next call', async () => {
      const store = new PostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/weft', schema: newSchema() });
      await expect(store.migrate()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(store.migrate()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await store.close();
    });
  });

  describe('pool', () => {
    it('uses a pool passed in and leaves it open on close()', async () => {
      const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
      const store = new PostgresStore({ pool, schema });
      expect(store.pool).toBe(pool);
      await store.put(conformanceEntry('pool-thread', 1));
      await store.close();
      await store.close();
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      const other = new PostgresStore({ pool, schema });
      expect((await other.get('pool-thread'))?.id).toBe('cp-1');
      await other.delete('pool-thread');
      await pool.end();
    });

    it('close() ends the pool it created; later calls fail with pg’s error', async () => {
      const store = new PostgresStore({ connectionString: PG_URL, schema, max: 2 });
      await store.get('nothing');
      expect(store.pool.totalCount).toBeGreaterThan(0);
      await store.close();
      expect(store.pool.ended).toBe(true);
      await expect(store.get('nothing')).rejects.toThrow(/after calling end/);
    });
  });

  describe('a write that loses on the primary key', () => {
    /** Holds an uncommitted row for `seq`, starts store.put on the same seq, and commits once the put waits on it. */
    async function loseTo(store: PostgresStore, threadId: string, mine: CheckpointEntry, theirs: CheckpointEntry): Promise<unknown> {
      const other = await admin.connect();
      try {
        await other.query('BEGIN');
        await other.query(
          `INSERT INTO ${schema}.checkpoints (thread_id, seq, id, parent_id, step, status, created_at, bytes) VALUES ($1, $2, $3, NULL, 0, 'running', 0, '\\x00')`,
          [threadId, theirs.seq, theirs.id],
        );
        const pending = store.put(mine).then(
          () => 'fulfilled',
          (err: unknown) => err,
        );
        // Deterministic instead of a sleep: wait until the put is blocked on the uncommitted row.
        while ((await admin.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`)).rowCount === 0);
        await other.query('COMMIT');
        return await pending;
      } finally {
        other.release();
      }
    }

    it('another writer commits the same seq while this put waits: CONCURRENT_RESUME, nothing written', async () => {
      const store = new PostgresStore({ connectionString: PG_URL, schema });
      try {
        const t = `pk-seq-${Date.now()}`;
        await store.migrate();
        const err = await loseTo(store, t, conformanceEntry(t, 1), { ...conformanceEntry(t, 1), id: 'theirs' });
        expect(err).toMatchObject({ name: 'WeftError', code: 'CONCURRENT_RESUME', details: { threadId: t, expected: 0, actual: 1 } });
        expect((err as Error).message).toBe(
          `thread "${t}" is at version 1, but this write expected 0: another run continued the thread first; load its latest checkpoint and try again`,
        );
        expect((await store.list(t)).map((e) => e.id)).toEqual(['theirs']);
      } finally {
        await store.close();
      }
    });

    it('another writer commits the same checkpoint id meanwhile: refused, nothing written', async () => {
      const store = new PostgresStore({ connectionString: PG_URL, schema });
      try {
        const t = `pk-id-${Date.now()}`;
        await store.put(conformanceEntry(t, 1));
        const err = await loseTo(store, t, { ...conformanceEntry(t, 2), id: 'same' }, { ...conformanceEntry(t, 3), id: 'same' });
        expect(err).toMatchObject({ code: 'CONCURRENT_RESUME', details: { threadId: t, id: 'same' } });
        expect((await store.list(t)).map((e) => e.seq)).toEqual([3, 1]);
      } finally {
        await store.close();
      }
    });
  });

  describe('corruption', () => {
    it('an altered or truncated row is CHECKPOINT_CORRUPT for that thread only; listing still works', async () => {
      const store = new PostgresStore({ connectionString: PG_URL, schema });
      try {
        const g = raceGraph(store);
        const [altered, truncated, healthy] = ['altered', 'truncated', 'healthy'].map((n) => `corrupt-${n}-${Date.now()}`) as [
          string,
          string,
          string,
        ];
        for (const t of [altered, truncated, healthy]) expect((await g.run('q', { threadId: t })).status).toBe('interrupted');
        const table = `${schema}.checkpoints`;
        const head = `thread_id = $1 AND seq = (SELECT max(seq) FROM ${table} WHERE thread_id = $1)`;
        await admin.query(
          `UPDATE ${table} SET bytes = set_byte(bytes, length(bytes) - 3, get_byte(bytes, length(bytes) - 3) # 255) WHERE ${head}`,
          [altered],
        );
        await admin.query(`UPDATE ${table} SET bytes = substring(bytes FROM 1 FOR length(bytes) / 2) WHERE ${head}`, [truncated]);

        for (const t of [altered, truncated]) {
          await expect(g.getState(t)).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
          await expect(g.resume({ threadId: t, resume: { 'ask#0': 'x' } })).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
          expect((await store.list(t)).map((e) => e.seq)).toEqual((await store.list(healthy)).map((e) => e.seq));
        }
        const ids = (await store.threads()).map((s) => s.threadId);
        expect(ids).toEqual(expect.arrayContaining([altered, truncated, healthy]));
        expect((await g.getState(healthy)).state).toEqual({ answeredBy: [] });
        expect(await g.resume({ threadId: healthy, resume: { 'ask#0': 'fine' } })).toMatchObject({
          status: 'done',
          output: 'q -> fine (done)',
        });
      } finally {
        await store.close();
      }
    });
  });
});
