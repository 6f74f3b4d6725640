import { LeaseKeeper } from '@weft/checkpoint';
import pg from 'pg';
import { afterAll, afterEach, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { PostgresStore } from './postgres-store.ts';

const describePg = pgDescribe();

describePg('stop requests in PostgreSQL', () => {
  const schemas: string[] = [];
  const stores: PostgresStore[] = [];
  const openStore = (schema: string, leaseTtlMs?: number): PostgresStore => {
    if (!schemas.includes(schema)) schemas.push(schema);
    const store = new PostgresStore({ connectionString: PG_URL, schema, ...(leaseTtlMs ? { leaseTtlMs } : {}) });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });
  afterAll(async () => {
    const admin = new pg.Pool({ connectionString: PG_URL });
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  it('a schema at migration 4 with a held lease is migrated to 5: the lease stays, without a stop request, and can be asked to stop', async () => {
    const schema = freshSchema();
    const first = openStore(schema);
    const lease = await first.claimThread('t', { holder: 'old holder', ttlMs: 60_000 });
    await first.close();
    // What migration 4 left: the leases table without its stop columns, and no record of migration 5.
    const admin = new pg.Pool({ connectionString: PG_URL });
    await admin.query(`ALTER TABLE ${schema}.leases DROP COLUMN stop_by, DROP COLUMN stop_reason, DROP COLUMN stop_at`);
    await admin.query(`DELETE FROM ${schema}.weft_migrations WHERE version = 5`);
    const store = openStore(schema);
    expect(await store.threadLease('t')).toEqual(lease);
    const marked = await store.requestStop('t', { by: 'api', reason: 'new input' });
    expect(marked).toEqual({ ...lease, stopRequested: { by: 'api', reason: 'new input', at: expect.any(Number) } });
    const versions = await admin.query<{ version: number }>(`SELECT version FROM ${schema}.weft_migrations ORDER BY version`);
    await admin.end();
    expect(versions.rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('two stores (two pools) are two processes: a stop asked through one reaches a LeaseKeeper of the other at its next renewal', async () => {
    const schema = freshSchema();
    const [holding, asking] = [openStore(schema, 300), openStore(schema)];
    const keeper = await LeaseKeeper.take(holding, 't', { holder: 'runner' });
    const marked = await LeaseKeeper.requestStop(asking, 't', { by: 'api', reason: 'new input' });
    expect(marked?.token).toBe(keeper.lease.token);
    await expect.poll(() => keeper.stopRequested, { timeout: 10_000, interval: 20 }).toEqual(marked?.stopRequested);
    await keeper.release();
    expect(await asking.threadLease('t')).toBeUndefined();
  });
});
