import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { PROCESS_TEST_TIMEOUT_MS, spawnChild } from '../test-support/spawn-child.ts';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-damaged-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Failure = { code?: unknown; message: string; details?: unknown };

function failure(fn: () => unknown): Failure {
  try {
    fn();
  } catch (err) {
    return err as Failure;
  }
  throw new Error('expected a failure, but it succeeded');
}

/** A store of three threads with 30 checkpoints each (about a dozen 4 KB pages), closed. */
async function sample(): Promise<string> {
  const path = freshFile();
  const store = new SqliteStore({ path });
  for (const t of ['a', 'b', 'c'])
    for (let seq = 1; seq <= 30; seq++) await store.put(conformanceEntry(t, seq, { bytes: new Uint8Array(300).fill(seq) }));
  await store.close();
  return path;
}

/** Opens the file and reads everything in it; the first failure, or 'read' when all of it was readable. */
async function openAndRead(path: string): Promise<Failure | 'read'> {
  let store: SqliteStore | undefined;
  try {
    store = new SqliteStore({ path });
    await store.threads();
    for (const t of ['a', 'b', 'c']) await store.list(t);
    return 'read';
  } catch (err) {
    return err as Failure;
  } finally {
    await store?.close();
  }
}

const RESTORE = 'restore it from a backup, or move it away to start a new store';

describe('opening a file SQLite cannot read', () => {
  it('garbage bytes: STORE_UNREADABLE naming the file and what to do; the file is left as it was', () => {
    const path = freshFile();
    const garbage = Buffer.from('these bytes are not a database. '.repeat(200));
    writeFileSync(path, garbage);
    expect(failure(() => new SqliteStore({ path }))).toMatchObject({
      code: 'STORE_UNREADABLE',
      message: `database "${path}" is not a SQLite database: ${RESTORE} (SQLite: SQLITE_NOTADB, file is not a database)`,
      details: { path, sqliteCode: 'SQLITE_NOTADB' },
    });
    expect(readFileSync(path)).toEqual(garbage);
  });

  it('a truncated file, cut anywhere: STORE_UNREADABLE when opening it or at the first read that needs what was cut', async () => {
    const whole = await sample();
    const size = statSync(whole).size;
    const outcomes = new Set<string>();
    // Every 1.5 KB, and once inside the last page's newest rows (a page fills from its end), wherever the grid falls.
    const cuts = [...Array.from({ length: Math.ceil((size - 512) / 1536) }, (_, i) => 512 + i * 1536), size - 256];
    for (const cut of cuts) {
      const path = freshFile();
      copyFileSync(whole, path);
      truncateSync(path, cut);
      const got = await openAndRead(path);
      // SQLite reads a short last page as zeros: when the cut falls inside the last page's row bytes, the rows' checksums see it first.
      if ((got as Failure).code === 'CHECKPOINT_CORRUPT') {
        expect(cut, 'only a cut inside the last page').toBeGreaterThan(size - 4096);
        expect((got as Failure).message).toMatch(
          new RegExp(`^thread "\\w" in database "${path}" is damaged: .* (does not match its|do not match their) checksum`),
        );
        outcomes.add('row checksum');
        continue;
      }
      expect(got, `cut at ${cut} of ${size} bytes`).toMatchObject({
        code: 'STORE_UNREADABLE',
        message: expect.stringContaining(`database "${path}" is damaged: ${RESTORE}`),
      });
      outcomes.add((got as Failure).message.replace(/.*\(SQLite: (\w+).*/, '$1'));
    }
    expect([...outcomes].sort()).toEqual(['SQLITE_CORRUPT', 'row checksum']);
  });

  it('a zero-byte file is refused with STORE_UNREADABLE and left empty: it is a store that lost its contents, not a new one', () => {
    const path = freshFile();
    writeFileSync(path, '');
    expect(failure(() => new SqliteStore({ path }))).toMatchObject({
      code: 'STORE_UNREADABLE',
      message: `database "${path}" is an empty file (0 bytes); a Weft store is never empty on disk, so this file lost its contents or was not written by @weft/store-sqlite: ${RESTORE} (deleting it starts a new, empty store)`,
      details: { path, size: 0 },
    });
    expect(statSync(path).size).toBe(0);
  });

  it('a folder: STORE_UNREADABLE saying it cannot be opened', () => {
    const path = freshFile();
    mkdirSync(path);
    expect(failure(() => new SqliteStore({ path }))).toMatchObject({
      code: 'STORE_UNREADABLE',
      message: expect.stringMatching(
        new RegExp(`^database "${path}" cannot be opened for reading and writing: check that the path names a file \\(not a folder\\)`),
      ),
    });
  });

  it('the checkpoints table damaged after opening: every read is STORE_UNREADABLE naming the file; the leases still work', async () => {
    const path = await sample();
    const raw = new Database(path, { readonly: true });
    const root = raw.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'checkpoints'").pluck().get() as number;
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    raw.close();
    const bytes = readFileSync(path);
    bytes.fill(0xa5, (root - 1) * pageSize + 100, root * pageSize);
    writeFileSync(path, bytes);

    const store = new SqliteStore({ path });
    const damaged = { code: 'STORE_UNREADABLE', message: expect.stringContaining(`database "${path}" is damaged`) };
    for (const read of [() => store.threads(), () => store.get('a'), () => store.list('b'), () => store.get('c', 'cp-1')])
      await expect(read()).rejects.toMatchObject(damaged);
    const lease = await store.claimThread('a', { holder: 'operator' });
    await store.releaseThread(lease);
    await store.close();
  });

  it('tables that do not match the schema version (not written by this store, or damaged): STORE_UNREADABLE, nothing changed', () => {
    const path = freshFile();
    const raw = new Database(path);
    raw.exec('CREATE TABLE checkpoints (x)');
    raw.close();
    expect(failure(() => new SqliteStore({ path }))).toMatchObject({
      code: 'STORE_UNREADABLE',
      message: `database "${path}" has schema version 0, but its tables do not match that version (table checkpoints already exists): it is damaged, or was not written by @weft/store-sqlite; ${RESTORE}`,
    });
    const after = new Database(path, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['checkpoints']);
    after.close();
  });
});

describe('creating a new file', () => {
  it(
    'six processes opening one new path at once all open the same store; none sees it half-made',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const folder = join(dir, `new-${files++}`);
      const path = join(folder, 'weft.db');
      const names = ['a', 'b', 'c', 'd', 'e', 'f'];
      const children = names.map((t) => spawnChild('open-child.ts', [path, t]));
      await Promise.all(children.map((c) => c.printed('ready')));
      for (const c of children) c.process.stdin.write('go\n');
      const exits = await Promise.all(children.map((c) => c.exited));
      expect(exits.map((e) => [e.code, e.stderr, e.stdout])).toEqual(names.map(() => [0, '', 'ready\nopened\n']));
      const store = new SqliteStore({ path });
      expect((await store.threads()).map((s) => s.threadId).sort()).toEqual(names);
      await store.close();
      expect(readdirSync(folder)).toEqual(['weft.db']);
    },
  );
});
