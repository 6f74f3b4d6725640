import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { multitaskScenarios } from '../../graph/test/support/multitask-scenarios.ts';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-multitask-'));
let files = 0;
const opened: SqliteStore[] = [];
afterAll(async () => {
  for (const s of opened.splice(0)) await s.close();
  rmSync(dir, { recursive: true, force: true });
});
const open = (path: string): SqliteStore => {
  const store = new SqliteStore({ path });
  opened.push(store);
  return store;
};

multitaskScenarios('SQLite, both runs in one process (one store)', () => {
  const store = open(join(dir, `one-${files++}.sqlite`));
  return { holder: store, newcomer: store };
});

// Two stores on one file see each other only through the file, as two processes do: a stop reaches the
// holder at its next renewal, and its release is seen by polling the lease.
multitaskScenarios('SQLite, the runs in two processes (two stores on one file)', () => {
  const path = join(dir, `two-${files++}.sqlite`);
  return { holder: open(path), newcomer: open(path) };
});
