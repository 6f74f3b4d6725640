/**
 * What the thread lease costs a run, per durability mode: a 3-node graph run
 * RUNS times on one thread (every run claims and releases the lease), and
 * claimThread + releaseThread alone, RUNS times, on the same store. Then what
 * one single-row commit costs with synchronous=FULL and with NORMAL: lease
 * writes use NORMAL (see lease-table.ts); at FULL each would cost the former.
 *
 *   cd packages/store-sqlite && npx tsx bench/lease-cost.ts [runs] [repeats]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { graph, START, END } from '@weft/graph';
import { SqliteStore } from '../src/sqlite-store.ts';
import type { Durability } from '../src/sqlite-store-options.ts';

const RUNS = Number(process.argv[2] ?? 2000);
const REPEATS = Number(process.argv[3] ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'weft-lease-cost-'));

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function measure(durability: Durability, n: number): Promise<{ runUs: number; leaseUs: number }> {
  const store = new SqliteStore({ path: join(dir, `${durability}-${n}.db`), durability });
  const g = graph<number, number>({ name: 'three' })
    .addNode('a', (x: number) => x + 1)
    .addNode('b', (x: number) => x + 1)
    .addNode('c', (x: number) => x + 1)
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', END)
    .compile({ store });
  for (let i = 0; i < 50; i++) await g.run(i, { threadId: 'warm' });
  let began = performance.now();
  for (let i = 0; i < RUNS; i++) await g.run(i, { threadId: 'bench' });
  const runUs = ((performance.now() - began) * 1000) / RUNS;
  began = performance.now();
  for (let i = 0; i < RUNS; i++) await store.releaseThread(await store.claimThread('bench', { holder: 'bench' }));
  const leaseUs = ((performance.now() - began) * 1000) / RUNS;
  await store.close();
  return { runUs, leaseUs };
}

console.log(`${RUNS} runs of a 3-node graph on one thread, median of ${REPEATS}; µs per run`);
console.log('durability | run (with lease) | claim+release | share of the run');
for (const durability of ['sync', 'async', 'exit'] as const) {
  const got = [];
  for (let n = 0; n < REPEATS; n++) got.push(await measure(durability, n));
  const runUs = median(got.map((g) => g.runUs));
  const leaseUs = median(got.map((g) => g.leaseUs));
  console.log(
    `${durability.padEnd(10)} | ${runUs.toFixed(0).padStart(16)} | ${leaseUs.toFixed(0).padStart(13)} | ${((100 * leaseUs) / runUs).toFixed(0)}%`,
  );
}

/** µs per one-row commit at the given synchronous level, in WAL mode like the store. */
function commitUs(synchronous: 'FULL' | 'NORMAL'): number {
  const db = new Database(join(dir, `commit-${synchronous}.db`));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.exec('CREATE TABLE IF NOT EXISTS t (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID');
  const write = db.prepare('INSERT OR REPLACE INTO t VALUES (?, ?)');
  const began = performance.now();
  for (let i = 0; i < RUNS; i++) write.run('lease', i);
  const us = ((performance.now() - began) * 1000) / RUNS;
  db.close();
  return us;
}
const full = median(Array.from({ length: REPEATS }, () => commitUs('FULL')));
const normal = median(Array.from({ length: REPEATS }, () => commitUs('NORMAL')));
console.log(`one-row commit: FULL ${full.toFixed(0)} µs, NORMAL ${normal.toFixed(0)} µs (a claim and a release are one commit each)`);
rmSync(dir, { recursive: true, force: true });
