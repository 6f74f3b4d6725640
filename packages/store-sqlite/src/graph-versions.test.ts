import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, spawnChild } from '../test-support/spawn-child.ts';
import { SCHEMA_VERSION } from './schema-version.ts';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-graphs-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const graph = (name: string, hash: string, createdAt: number) => ({
  name,
  hash,
  json: JSON.stringify({ name, hash, nodes: [] }),
  createdAt,
});

describe('graph versions in SQLite', () => {
  it('a file of schema version 4 is migrated: its checkpoints stay and graph versions can be stored', async () => {
    const path = freshFile();
    const old = new SqliteStore({ path });
    await old.put(conformanceEntry('t', 1));
    await old.close();
    // What version 4 wrote: the same tables without weft_graphs (and without the leases' stop columns of version 6).
    const raw = new Database(path);
    raw.exec('DROP TABLE weft_graphs');
    for (const c of ['stop_by', 'stop_reason', 'stop_at']) raw.exec(`ALTER TABLE leases DROP COLUMN ${c}`);
    raw.pragma('user_version = 4');
    raw.close();
    const store = new SqliteStore({ path });
    expect((await store.list('t')).map((e) => e.id)).toEqual(['cp-1']);
    await store.putGraph(graph('g', 'h1', 10));
    expect(await store.graphs()).toEqual([graph('g', 'h1', 10)]);
    await store.close();
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(6);
    after.close();
  });

  it('a stored description changed on disk is refused with CHECKPOINT_CORRUPT, by getGraph and by graphs()', async () => {
    const path = freshFile();
    const store = new SqliteStore({ path });
    await store.putGraph(graph('g', 'h1', 10));
    await store.putGraph(graph('g', 'h2', 20));
    const raw = new Database(path);
    raw.prepare(`UPDATE weft_graphs SET json = replace(json, '"nodes"', '"nodez"') WHERE hash = 'h2'`).run();
    raw.close();
    const message = `the stored description of graph "g" (hash "h2") in database "${path}" is damaged (its row does not match its checksum); restore the file from a backup`;
    await expect(store.getGraph('g', 'h2')).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT', message });
    await expect(store.graphs('g')).rejects.toMatchObject({ code: 'CHECKPOINT_CORRUPT', message });
    expect(await store.getGraph('g', 'h1')).toEqual(graph('g', 'h1', 10));
    await store.close();
  });

  it(
    'processes storing the same versions at once leave exactly one row per (name, hash), each one writer’s',
    async () => {
      const path = freshFile();
      await new SqliteStore({ path }).close();
      const count = 200;
      const children = ['a', 'b', 'c'].map((writer) => spawnChild('graph-child.ts', [path, writer, 'g', String(count)]));
      await Promise.all(children.map((c) => c.printed('ready')));
      for (const c of children) c.process.stdin.end('go\n');
      const exits = await Promise.all(children.map((c) => c.exited));
      expect(exits.map((e) => [e.code, e.stdout.trim().split('\n').at(-1), e.stderr])).toEqual(children.map(() => [0, 'done', '']));
      const store = new SqliteStore({ path });
      const stored = await store.graphs('g');
      expect(stored.map((g) => g.hash)).toEqual(Array.from({ length: count }, (_, i) => `h${i}`));
      const writers = stored.map((g) => (JSON.parse(g.json) as { writer: string }).writer);
      expect(writers.every((w) => ['a', 'b', 'c'].includes(w))).toBe(true);
      await store.close();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
