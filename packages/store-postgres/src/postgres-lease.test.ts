import { DEFAULT_LEASE_TTL_MS } from '@weft/checkpoint';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { raceGraph } from '../test-support/race-graph.ts';
import { PostgresStore } from './postgres-store.ts';

const HOUR = 3_600_000;
const describePg = pgDescribe();

describe('PostgresStore leaseTtlMs (no server needed)', () => {
  it('bad values are refused with INVALID_ARGUMENT at construction', () => {
    for (const leaseTtlMs of [0, -1, 1.5, Number.NaN, '100' as never])
      expect(() => new PostgresStore({ leaseTtlMs }), String(leaseTtlMs)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('leaseTtlMs') }),
      );
  });
});

describePg('PostgresStore thread lease', () => {
  const schema = freshSchema();
  let admin: pg.Pool;
  const open: { close(): Promise<void> }[] = [];
  /** A store on its own pool, whose statements (by name, without the `weft.<schema>.` prefix) are recorded. */
  const traced = (options: { leaseTtlMs?: number } = {}) => {
    const pool = new pg.Pool({ connectionString: PG_URL });
    const store = new PostgresStore({ pool, schema, ...options });
    const original = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
    const statements: string[] = [];
    let before: ((name: string) => Promise<void>) | undefined;
    vi.spyOn(pool, 'query').mockImplementation((async (config: { name?: string }, values?: unknown) => {
      const name = config.name?.slice(`weft.${schema}.`.length);
      if (name) {
        statements.push(name);
        await before?.(name);
      }
      return original(config, values);
    }) as never);
    open.push({ close: () => pool.end() });
    return { store, statements, beforeStatement: (fn: (name: string) => Promise<void>) => (before = fn) };
  };
  const plain = (options: { leaseTtlMs?: number } = {}) => {
    const store = new PostgresStore({ connectionString: PG_URL, schema, ...options });
    open.push(store);
    return store;
  };
  let n = 0;
  const thread = (name: string) => `${name}-${Date.now().toString(36)}-${n++}`;
  /** The database's clock in ms, as the store reads it. */
  const dbNow = async (): Promise<number> =>
    (await admin.query<{ now: number }>('SELECT round(extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now')).rows[0]!.now;

  beforeAll(() => {
    admin = new pg.Pool({ connectionString: PG_URL });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('leases last leaseTtlMs by default (15 s when unset); a claim may ask for its own time', async () => {
    const t = thread('ttl');
    const byDefault = await plain().claimThread(t, { holder: 'a' });
    expect([byDefault.ttlMs, byDefault.expiresAt - byDefault.since]).toEqual([DEFAULT_LEASE_TTL_MS, DEFAULT_LEASE_TTL_MS]);
    await plain().releaseThread(byDefault);
    const configured = await plain({ leaseTtlMs: 60_000 }).claimThread(t, { holder: 'b' });
    expect([configured.ttlMs, configured.expiresAt - configured.since]).toEqual([60_000, 60_000]);
    const renewed = await plain().renewThread(configured);
    expect(renewed.ttlMs).toBe(60_000);
    await plain().releaseThread(renewed);
    const own = await plain({ leaseTtlMs: 60_000 }).claimThread(t, { holder: 'c', ttlMs: 2_000 });
    expect([own.ttlMs, own.expiresAt - own.since]).toEqual([2_000, 2_000]);
  });

  it("lease times come from the database's clock: clients whose clocks are an hour off agree on who holds the thread", async () => {
    const t = thread('clock');
    const realNow = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: realNow + HOUR });
    const before = await dbNow();
    const lease = await plain().claimThread(t, { holder: 'fast clock', ttlMs: 60_000 });
    const after = await dbNow();
    // The store keeps milliseconds, truncated: since may be one below a rounded reading taken before.
    expect(lease.since >= before - 1 && lease.since <= after).toBe(true);
    expect(lease.expiresAt).toBe(lease.since + 60_000);

    // Two hours ahead, a client-side check would find the lease long expired; the database does not.
    vi.setSystemTime(realNow + 2 * HOUR);
    await expect(plain().claimThread(t, { holder: 'later clock' })).rejects.toMatchObject({
      code: 'THREAD_BUSY',
      details: { holder: 'fast clock', since: lease.since, expiresAt: lease.expiresAt },
    });
    expect((await plain().threadLease(t))?.token).toBe(lease.token);
    vi.setSystemTime(realNow - HOUR);
    await expect(plain().claimThread(t, { holder: 'slow clock' })).rejects.toMatchObject({ code: 'THREAD_BUSY' });
    const renewed = await plain().renewThread(lease);
    expect(renewed.expiresAt >= lease.expiresAt && renewed.expiresAt <= (await dbNow()) + 60_000).toBe(true);
  });

  it('the leases table holds one row per claimed thread; release deletes it, and a refused claim writes nothing', async () => {
    const t = thread('rows');
    const rows = async () =>
      (
        await admin.query(
          `SELECT holder, ttl_ms::float8 AS ttl, (extract(epoch FROM expires_at - since) * 1000)::float8 AS span FROM ${schema}.leases WHERE thread_id = $1`,
          [t],
        )
      ).rows;
    const store = plain();
    const lease = await store.claimThread(t, { holder: 'h', ttlMs: 1_500 });
    await expect(store.claimThread(t, { holder: 'other' })).rejects.toMatchObject({ code: 'THREAD_BUSY' });
    expect(await rows()).toEqual([{ holder: 'h', ttl: 1_500, span: 1_500 }]);
    await store.releaseThread(lease);
    expect(await rows()).toEqual([]);
  });

  it('a run costs two lease statements: the claim before anything else, the release after everything', async () => {
    const { store, statements } = traced();
    const g = raceGraph(store);
    const t = thread('cost');
    expect((await g.run('q', { threadId: t })).status).toBe('interrupted');
    const run = statements.splice(0);
    expect(await g.resume({ threadId: t, resume: { 'ask#0': 'a' } })).toMatchObject({ status: 'done', output: 'q -> a (done)' });
    const resume = statements.splice(0);
    for (const list of [run, resume]) {
      expect(list[0]).toBe('lease-claim');
      expect(list[list.length - 1]).toBe('lease-release');
      expect(list.filter((s) => s.startsWith('lease-'))).toEqual(['lease-claim', 'lease-release']);
    }
    expect(await store.threadLease(t)).toBeUndefined();
  });

  it('a second run of a held thread is refused with THREAD_BUSY after one claim, before reading the thread', async () => {
    const { store, statements } = traced();
    const g = raceGraph(store);
    const t = thread('busy');
    const held = await store.claimThread(t, { holder: 'worker-7 (run r1)' });
    statements.length = 0;
    const err: unknown = await g.run('q', { threadId: t }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'THREAD_BUSY', details: { threadId: t, holder: 'worker-7 (run r1)', since: held.since } });
    expect(statements).toEqual(['lease-claim', 'lease-held']);
    expect(await store.list(t)).toEqual([]);
  });

  it('a holder that releases between a refused claim and the read of the holder: the claim is tried again and wins', async () => {
    const { store, statements, beforeStatement } = traced();
    const t = thread('handover');
    const first = await plain().claimThread(t, { holder: 'first' });
    statements.length = 0;
    beforeStatement(async (name) => {
      if (name !== 'lease-held') return;
      beforeStatement(async () => {});
      await plain().releaseThread(first);
    });
    const second = await store.claimThread(t, { holder: 'second' });
    expect(statements).toEqual(['lease-claim', 'lease-held', 'lease-claim']);
    expect((await plain().threadLease(t))?.token).toBe(second.token);
  });

  it('LEASE_LOST after a takeover names the new holder', async () => {
    const t = thread('lost');
    const old = await plain().claimThread(t, { holder: 'gone' });
    await plain().claimThread(t, { holder: 'operator', takeOver: true });
    await expect(plain().renewThread(old)).rejects.toMatchObject({
      code: 'LEASE_LOST',
      details: { threadId: t, holder: 'gone', current: 'operator' },
    });
  });
});
