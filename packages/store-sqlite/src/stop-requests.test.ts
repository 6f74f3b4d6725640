import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LeaseKeeper } from '@weft/checkpoint';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from './schema-version.ts';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-stops-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stop requests in SQLite', () => {
  it('a file of schema version 5 is migrated to 6: a lease it holds stays, without a stop request, and can be asked to stop', async () => {
    const path = freshFile();
    await new SqliteStore({ path }).close();
    // What version 5 wrote: the same tables without the leases' stop columns.
    const raw = new Database(path);
    for (const c of ['stop_by', 'stop_reason', 'stop_at']) raw.exec(`ALTER TABLE leases DROP COLUMN ${c}`);
    raw.pragma('user_version = 5');
    const far = Date.now() + 60_000;
    raw
      .prepare('INSERT INTO leases (thread_id, holder, token, since, expires_at, ttl_ms) VALUES (?, ?, ?, ?, ?, ?)')
      .run('t', 'old holder', 'tok', 1, far, 15_000);
    raw.close();
    const store = new SqliteStore({ path });
    const held = { threadId: 't', holder: 'old holder', token: 'tok', since: 1, expiresAt: far, ttlMs: 15_000 };
    expect(await store.threadLease('t')).toEqual(held);
    const marked = await store.requestStop('t', { by: 'api', reason: 'new input' });
    expect(marked).toEqual({ ...held, stopRequested: { by: 'api', reason: 'new input', at: expect.any(Number) } });
    await store.close();
    const after = new Database(path, { readonly: true });
    expect([after.pragma('user_version', { simple: true }), SCHEMA_VERSION]).toEqual([6, 6]);
    after.close();
  });

  it('two stores on one file are two processes: a stop asked through one reaches a LeaseKeeper of the other at its next renewal', async () => {
    const path = freshFile();
    const [holding, asking] = [new SqliteStore({ path, leaseTtlMs: 300 }), new SqliteStore({ path })];
    const keeper = await LeaseKeeper.take(holding, 't', { holder: 'runner' });
    const marked = await LeaseKeeper.requestStop(asking, 't', { by: 'api', reason: 'new input' });
    expect(marked?.token).toBe(keeper.lease.token);
    await expect.poll(() => keeper.stopRequested, { timeout: 10_000, interval: 20 }).toEqual(marked?.stopRequested);
    await keeper.release();
    expect(await asking.threadLease('t')).toBeUndefined();
    await holding.close();
    await asking.close();
  });
});
