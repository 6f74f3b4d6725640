import type { ThreadLease } from '@weft/checkpoint';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { PostgresStore } from './postgres-store.ts';

const NUL = 'thread\0one';
const SURROGATE = 'thread\uD800one';
const describePg = pgDescribe();
const lease = (threadId: string, token = 'token'): ThreadLease => ({ threadId, holder: 'h', token, since: 0, expiresAt: 1, ttlMs: 1 });

/** Every store method that takes a thread, called for `threadId`. */
const calls = (store: PostgresStore, threadId: string): Record<string, () => Promise<unknown>> => ({
  put: () => store.put(conformanceEntry(threadId, 1)),
  get: () => store.get(threadId),
  'get(id)': () => store.get(threadId, 'cp-1'),
  chain: () => store.chain(threadId, 'cp-1', 10),
  list: () => store.list(threadId),
  delete: () => store.delete(threadId),
  deleteCheckpoints: () => store.deleteCheckpoints(threadId, ['cp-1']),
  claimThread: () => store.claimThread(threadId, { holder: 'h' }),
  renewThread: () => store.renewThread(lease(threadId)),
  releaseThread: () => store.releaseThread(lease(threadId)),
  threadLease: () => store.threadLease(threadId),
});

/** Each call's outcome as `code: message`, or 'ok'. */
async function outcomes(store: PostgresStore, threadId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls(store, threadId)))
    out[name] = await call().then(
      () => 'ok',
      (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
    );
  return out;
}

const refusals = (why: string) =>
  Object.fromEntries(
    Object.keys(calls(null as never, '')).map((name) => {
      const method = name === 'get(id)' ? 'get' : name;
      const where = method === 'claimThread' ? 'claimThread()' : `PostgresStore.${method}()`;
      return [name, `INVALID_ARGUMENT: ${where}: threadId ${why}`];
    }),
  );
const NUL_REFUSED = refusals('must not contain a NUL character');
const SURROGATE_REFUSED = refusals('must be well-formed Unicode text (it has a lone surrogate)');

describe('thread ids PostgreSQL cannot keep (no server needed)', () => {
  it('every method refuses a NUL or a lone surrogate in the thread id with INVALID_ARGUMENT, before touching the database', async () => {
    const store = new PostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/weft' });
    try {
      expect(await outcomes(store, NUL)).toEqual(NUL_REFUSED);
      expect(await outcomes(store, SURROGATE)).toEqual(SURROGATE_REFUSED);
      // The same calls with a good id do go to the (unreachable) server.
      const good = await outcomes(store, 'thread-one');
      expect(good).toEqual(Object.fromEntries(Object.keys(good).map((name) => [name, expect.stringMatching(/^ECONNREFUSED/)])));
    } finally {
      await store.close();
    }
  });
});

describePg('text PostgreSQL cannot keep', () => {
  const schema = freshSchema();
  let store: PostgresStore;
  let admin: pg.Pool;
  beforeAll(() => {
    store = new PostgresStore({ connectionString: PG_URL, schema });
    admin = new pg.Pool({ connectionString: PG_URL });
  });
  afterAll(async () => {
    await store.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('thread ids with a NUL or a lone surrogate are refused with the typed error, not pg’s 22021, and nothing is stored', async () => {
    await store.migrate();
    expect(await outcomes(store, NUL)).toEqual(NUL_REFUSED);
    expect(await outcomes(store, SURROGATE)).toEqual(SURROGATE_REFUSED);
    expect((await admin.query(`SELECT count(*)::int AS n FROM ${schema}.checkpoints`)).rows).toEqual([{ n: 0 }]);
    expect((await admin.query(`SELECT count(*)::int AS n FROM ${schema}.leases`)).rows).toEqual([{ n: 0 }]);
  });

  it('a holder or a lease token with a NUL is refused with INVALID_ARGUMENT', async () => {
    const t = `text-holder-${Date.now()}`;
    await expect(store.claimThread(t, { holder: 'a\0b' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('claimThread(): holder must be a non-empty string without NUL characters or lone surrogates'),
    });
    const held = await store.claimThread(t, { holder: 'h' });
    for (const call of [store.renewThread({ ...held, token: 'x\0' }), store.releaseThread({ ...held, token: 'x\0' })])
      await expect(call).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('token') });
    expect((await store.threadLease(t))?.token).toBe(held.token);
    await store.releaseThread(held);
  });

  it('a checkpoint id no stored checkpoint can have (NUL, lone surrogate) is simply not found', async () => {
    const t = `text-ids-${Date.now()}`;
    await store.put(conformanceEntry(t, 1));
    await store.put(conformanceEntry(t, 2));
    for (const id of ['cp\0-1', 'cp\uDC00-1']) {
      expect(await store.get(t, id)).toBeUndefined();
      expect(await store.chain(t, id, 10)).toEqual([]);
      expect(await store.deleteCheckpoints(t, [id])).toBe(0);
    }
    expect(await store.deleteCheckpoints(t, ['cp\0-1', 'cp-1'])).toBe(1);
    expect((await store.list(t)).map((e) => e.id)).toEqual(['cp-2']);
  });
});
