import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckpointStore } from '@weft/checkpoint';
import { checkpointStoreConformance, conformanceEntry } from '@weft/checkpoint/conformance';
import { PROCESS_TEST_TIMEOUT_MS, spawnChild, type ChildExit } from '../test-support/spawn-child.ts';
import { SqliteStore } from './sqlite-store.ts';
import { SCHEMA_VERSION } from './schema-version.ts';
import type { Durability } from './sqlite-store-options.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error a promise rejected with (or a sync call threw). */
async function failure(p: PromiseLike<unknown> | (() => unknown)): Promise<{ code?: unknown; message: string }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    return err as { code?: unknown; message: string };
  }
  throw new Error('expected a failure, but it succeeded');
}

const seqs = async (store: CheckpointStore, threadId: string): Promise<number[]> => (await store.list(threadId)).map((e) => e.seq);

for (const durability of ['sync', 'async', 'exit'] as const satisfies Durability[]) {
  checkpointStoreConformance(
    `SqliteStore (durability '${durability}')`,
    () => new SqliteStore({ path: freshFile(), durability }),
    { describe, it, expect, beforeEach, afterEach },
    { cleanup: (s) => (s as SqliteStore).close() },
  );
}

describe('opening a store', () => {
  it('creates parent folders, uses WAL, and migrates a new file to the current schema', async () => {
    const path = join(dir, 'nested', 'deeper', 'weft.db');
    const store = new SqliteStore({ path });
    await store.close();
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(
      raw
        .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .pluck()
        .all(),
    ).toEqual(['blob_refs', 'blob_refs_by_hash', 'blobs', 'checkpoints', 'checkpoints_thread_id_id', 'heads', 'leases', 'weft_graphs']);
    raw.close();
  });

  it("works in ':memory:'", async () => {
    const store = new SqliteStore({ path: ':memory:' });
    await store.put(conformanceEntry('t', 1));
    expect(await seqs(store, 't')).toEqual([1]);
    await store.close();
  });

  it('rejects bad options with INVALID_ARGUMENT', async () => {
    const make = (o: unknown) => () => new SqliteStore(o as never);
    expect(await failure(make(undefined))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('options object') });
    expect(await failure(make({ path: '' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('path') });
    expect(await failure(make({ path: freshFile(), durability: 'never' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `new SqliteStore(): durability must be one of 'sync', 'async', 'exit', got "never"`,
    });
  });

  it('every call after close() throws INVALID_ARGUMENT; closing twice is harmless', async () => {
    const store = new SqliteStore({ path: freshFile() });
    await store.close();
    await store.close();
    const calls = [store.put(conformanceEntry('t', 1)), store.get('t'), store.list('t'), store.delete('t'), store.threads(), store.flush()];
    for (const call of calls) expect(await failure(call)).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'the store is closed' });
  });
});

describe('schema migrations', () => {
  it('reopening keeps the data and does not re-run migrations', async () => {
    const path = freshFile();
    const first = new SqliteStore({ path });
    await first.put(conformanceEntry('t', 1));
    await first.put(conformanceEntry('t', 2));
    await first.close();
    const second = new SqliteStore({ path });
    expect(await seqs(second, 't')).toEqual([2, 1]);
    await second.put(conformanceEntry('t', 3));
    expect((await second.threads()).map((s) => [s.threadId, s.seq])).toEqual([['t', 3]]);
    await second.close();
  });

  it('a database with a newer schema version is refused with CHECKPOINT_VERSION and left untouched', async () => {
    const path = freshFile();
    await new SqliteStore({ path }).close();
    const raw = new Database(path);
    raw.pragma('user_version = 99');
    raw.close();
    expect(await failure(() => new SqliteStore({ path }))).toMatchObject({
      code: 'CHECKPOINT_VERSION',
      message: `database "${path}" has schema version 99, but this @weft/store-sqlite knows versions up to ${SCHEMA_VERSION}; open it with the newer @weft/store-sqlite that wrote it (if none did, the file is damaged: restore it from a backup)`,
    });
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(99);
    after.close();
  });
});

describe("durability 'exit'", () => {
  it('holds puts until flush(), then writes them; close() flushes the rest', async () => {
    const path = freshFile();
    const store = new SqliteStore({ path, durability: 'exit' });
    const other = new SqliteStore({ path }); // another connection sees only what reached the file
    await store.put(conformanceEntry('t', 1));
    await store.put(conformanceEntry('t', 2));
    expect(await seqs(other, 't')).toEqual([]);
    await store.flush();
    expect(await seqs(other, 't')).toEqual([2, 1]);
    await store.put(conformanceEntry('t', 3));
    await store.close();
    expect(await seqs(other, 't')).toEqual([3, 2, 1]);
    await other.close();
  });

  it('a held put that another connection overtook is dropped and the flush rejects with CONCURRENT_RESUME', async () => {
    const path = freshFile();
    const store = new SqliteStore({ path, durability: 'exit' });
    const other = new SqliteStore({ path });
    await store.put(conformanceEntry('t', 1));
    await store.put(conformanceEntry('u', 1));
    await other.put(conformanceEntry('t', 1, { id: 'cp-other' }));
    expect(await failure(store.flush())).toMatchObject({
      code: 'CONCURRENT_RESUME',
      message:
        'thread "t" is at version 1, but this write expected 0: another run continued the thread first; load its latest checkpoint and try again',
    });
    expect((await other.list('t')).map((e) => e.id)).toEqual(['cp-other']);
    expect(await seqs(other, 'u')).toEqual([1]);
    await store.close();
    await other.close();
  });

  /** Starts exit-child.ts, waits until it holds puts 3–4, and sends it `signal`. */
  async function killed(signal: 'SIGKILL' | 'SIGTERM'): Promise<{ path: string; exit: ChildExit }> {
    const path = freshFile();
    const child = spawnChild('exit-child.ts', [path]);
    await child.printed('ready');
    child.process.kill(signal);
    return { path, exit: await child.exited };
  }

  it('SIGKILL loses exactly the puts since the last flush', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const { path, exit } = await killed('SIGKILL');
    expect(exit).toMatchObject({ signal: 'SIGKILL', stderr: '' });
    const store = new SqliteStore({ path });
    expect(await seqs(store, 't')).toEqual([2, 1]);
    await store.close();
  });

  it(
    'SIGTERM in a process that does not handle it: the held puts are written and the process still dies of SIGTERM',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const { path, exit } = await killed('SIGTERM');
      expect(exit).toMatchObject({ signal: 'SIGTERM', stderr: '' });
      const store = new SqliteStore({ path });
      expect(await seqs(store, 't')).toEqual([4, 3, 2, 1]);
      await store.close();
    },
  );

  it(
    'SIGTERM in a process that handles it to let its run finish: the store stays usable and every checkpoint is written',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const path = freshFile();
      const child = spawnChild('sigterm-child.ts', [path]);
      await child.printed('ready');
      child.process.kill('SIGTERM');
      const exit = await child.exited;
      expect(exit).toEqual({ code: 0, signal: null, stdout: 'ready\n{"status":"done","output":3}\n', stderr: '' });
      const store = new SqliteStore({ path });
      expect((await store.list('t')).map((e) => `${e.seq} ${e.status}`)).toEqual(['4 done', '3 running', '2 running', '1 running']);
      expect(await store.threadLease('t')).toBeUndefined();
      await store.close();
    },
  );
});

describe('two stores on one file (as two processes would)', () => {
  it('racing puts of the same seq: exactly one wins, the other gets CONCURRENT_RESUME and writes nothing', async () => {
    const path = freshFile();
    const a = new SqliteStore({ path });
    const b = new SqliteStore({ path });
    await a.put(conformanceEntry('t', 1));
    for (let seq = 2; seq <= 6; seq++) {
      const [fromA, fromB] = [conformanceEntry('t', seq, { id: `a-${seq}` }), conformanceEntry('t', seq, { id: `b-${seq}` })];
      const results = await Promise.allSettled([a.put(fromA), b.put(fromB)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code: unknown; message: string }] : []));
      expect(won).toHaveLength(1);
      expect(lost).toMatchObject([
        {
          code: 'CONCURRENT_RESUME',
          message: `thread "t" is at version ${seq}, but this write expected ${seq - 1}: another run continued the thread first; load its latest checkpoint and try again`,
        },
      ]);
    }
    const fromA = (await a.list('t')).map((e) => `${e.seq}:${e.id}`);
    expect(fromA).toHaveLength(6);
    expect((await b.list('t')).map((e) => `${e.seq}:${e.id}`)).toEqual(fromA);
    await a.close();
    await b.close();
  });
});
