import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteMemoryBank } from './memory/sqlite-memory-bank.ts';
import { SqliteStore } from './sqlite-store.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a SQLite file shared by the checkpoint store and a memory bank (or any other tables)', () => {
  it('opens in either order, and each reads what the other wrote beside it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'weft-shared-'));
    const path = join(dir, 'weft.db');
    const store = new SqliteStore({ path });
    await store.put(conformanceEntry('t1', 1));
    await store.close();
    const bank = new SqliteMemoryBank({ path });
    await bank.put(['customers', 'c1'], 'plan', { text: 'Pro' });
    await bank.close();
    const again = new SqliteStore({ path });
    expect((await again.get('t1'))?.id).toBe('cp-1');
    await again.put(conformanceEntry('t1', 2));
    await again.close();
    const bankAgain = new SqliteMemoryBank({ path });
    expect((await bankAgain.get(['customers', 'c1'], 'plan'))?.value).toEqual({ text: 'Pro' });
    await bankAgain.close();
    // An application's own table beside them is no damage either.
    const db = new Database(path);
    db.exec('CREATE TABLE app_notes (id INTEGER PRIMARY KEY, body TEXT)');
    db.close();
    const third = new SqliteStore({ path });
    expect((await third.get('t1'))?.seq).toBe(2);
    await third.close();
  });

  it("still refuses a file where one of the store's own tables was changed", async () => {
    dir = mkdtempSync(join(tmpdir(), 'weft-shared-'));
    const path = join(dir, 'weft.db');
    const store = new SqliteStore({ path });
    await store.put(conformanceEntry('t1', 1));
    await store.close();
    const bank = new SqliteMemoryBank({ path });
    await bank.close();
    const db = new Database(path);
    const table = db
      .prepare<[], string>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'weft_memory%' AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 1`,
      )
      .pluck()
      .get()!;
    db.exec(`ALTER TABLE "${table}" ADD COLUMN extra TEXT`);
    db.close();
    expect(() => new SqliteStore({ path })).toThrow(expect.objectContaining({ code: 'STORE_UNREADABLE' }));
  });
});
