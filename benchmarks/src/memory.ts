/**
 * What memory banks cost (`pnpm bench:memory`): for each bank and size N, a
 * bank filled with N short facts in three topics (hashEmbedder, 256
 * dimensions; namespaces over 100 users), then the latency (p50 / p95 ms) of
 * a put of a new item with and without an embedder, puts a second over a
 * batch of 1,000, get, and keyword and vector search under one user's
 * namespace (1% of N) and under the whole tree; then recall@3 of two labelled
 * sets on every bank. Prints Markdown tables. PostgreSQL needs WEFT_PG_URL
 * (scripts/start-postgres.sh starts one); without it, it is skipped.
 *
 *   pnpm bench:memory [--quick] [--sizes 10000,100000] [--banks memory,sqlite-vec,sqlite-scan,postgres]
 *                     [--samples N] [--queries N]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { oneOf } from './harness/arg-values.ts';
import { markdownTable } from './harness/markdown-table.ts';
import { runEnvironment } from './harness/run-environment.ts';
import { formatLatency } from './memory/latency.ts';
import { measureBank, type BankMeasures } from './memory/measure-bank.ts';
import { measureRecall } from './memory/measure-recall.ts';
import { BANK_IDS, openBenchBank, type BankId } from './memory/open-bench-bank.ts';
import { RECALL_SETS } from '@weft/memory/conformance';

const USAGE =
  'usage: pnpm bench:memory [--quick] [--sizes 10000,100000] [--banks memory,sqlite-vec,sqlite-scan,postgres] [--samples N] [--queries N]';
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    banks: { type: 'string' },
    samples: { type: 'string' },
    queries: { type: 'string' },
  },
});
const quick = values.quick;
const sizes = (values.sizes ?? (quick ? '10000' : '10000,100000')).split(',').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 100) throw new Error(`--sizes needs whole numbers of at least 100 (got "${s}")\n${USAGE}`);
  return n;
});
const banks = (values.banks ?? BANK_IDS.join(',')).split(',').map((b) => oneOf('bank', b, BANK_IDS, USAGE));
const putSamples = Number(values.samples ?? (quick ? 100 : 200));
const querySamples = Math.max(50, Number(values.queries ?? 50));
const pgUrl = process.env.WEFT_PG_URL;

const env = runEnvironment();
const started = Date.now();
console.log(`# Memory banks, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `${env.cpu}, ${env.cores} cores, Node ${env.node}, ${env.platform}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`put/get samples ${putSamples}, queries ${querySamples} per search row; latencies are p50 / p95 ms\n`);

const skipped = new Map<BankId, string>();
if (banks.includes('postgres') && !pgUrl)
  skipped.set('postgres', 'WEFT_PG_URL is not set (bash scripts/start-postgres.sh starts one and prints it)');
for (const [id, why] of skipped) console.log(`skipping ${id}: ${why}`);
const measured = banks.filter((b) => !skipped.has(b));

const ROWS: [string, (m: BankMeasures) => string][] = [
  ['fill N items (s)', (m) => m.fillSeconds.toFixed(1)],
  ['put, with embedder', (m) => formatLatency(m.putEmbedded)],
  ['put, no embedder', (m) => formatLatency(m.putPlain)],
  ['puts/s (1,000 in a row, embedder)', (m) => m.putsPerSecond.toFixed(0)],
  ['get', (m) => formatLatency(m.get)],
  ['keyword search, one user (1%)', (m) => formatLatency(m.keywordUser)],
  ['keyword search, all', (m) => formatLatency(m.keywordAll)],
  ['vector search, one user (1%)', (m) => formatLatency(m.vectorUser)],
  ['vector search, all', (m) => formatLatency(m.vectorAll)],
];

for (const size of sizes) {
  const cells = new Map<BankId, BankMeasures | string>();
  for (const id of measured) {
    const t0 = Date.now();
    const b = openBenchBank(id, pgUrl);
    try {
      cells.set(id, await measureBank(b, { size, putSamples, querySamples, fillConcurrency: id === 'postgres' ? 8 : 1 }));
    } catch (err) {
      cells.set(id, `error: ${(err as Error).message}`);
    } finally {
      await b.close();
    }
    console.error(`  ${id} at ${size}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log(`\n## N = ${size.toLocaleString('en-US')}\n`);
  const rows = ROWS.map(([label, cell]) => [
    label,
    ...measured.map((id) => {
      const m = cells.get(id)!;
      return typeof m === 'string' ? m : cell(m);
    }),
  ]);
  console.log(markdownTable(['', ...measured], rows, ['l', ...measured.map(() => 'r' as const)]));
}

console.log('\n## recall@3 (hashEmbedder, 256 dimensions; 30 facts, 9 questions)\n');
const recallRows: string[][] = [];
const misses: string[] = [];
for (const set of RECALL_SETS) {
  const row = [set.name];
  for (const id of measured) {
    const b = openBenchBank(id, pgUrl);
    try {
      const r = await measureRecall(b, set);
      row.push(`${r.hits}/${r.of}`);
      misses.push(...r.misses.map((m) => `${id}, ${set.name}: ${m}`));
    } catch (err) {
      row.push(`error: ${(err as Error).message}`);
    } finally {
      await b.close();
    }
  }
  recallRows.push(row);
}
console.log(markdownTable(['set', ...measured], recallRows, ['l', ...measured.map(() => 'r' as const)]));
if (misses.length) console.log(`\nMisses:\n${misses.map((m) => `- ${m}`).join('\n')}`);
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s.`);
