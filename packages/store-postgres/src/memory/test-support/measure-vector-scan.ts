/**
 * What the exact vector scan costs: a bank of `items` facts (default 10,000)
 * embedded by hashEmbedder(256) under one prefix, then the median time of
 * `runs` vector searches (limit 10) over all of them, and of the same
 * searches narrowed by a filter to a tenth of them.
 *
 *   WEFT_PG_URL=postgres://… node --import tsx src/memory/test-support/measure-vector-scan.ts [items] [runs]
 */
import { hashEmbedder } from '@weft/memory';
import pg from 'pg';
import { freshSchema } from '../../../test-support/pg-test-env.ts';
import { PostgresMemoryBank } from '../postgres-memory-bank.ts';

const url = process.env['WEFT_PG_URL'];
if (!url) throw new Error('set WEFT_PG_URL (bash scripts/start-postgres.sh prints it)');
const items = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 20);
const schema = freshSchema();
const pool = new pg.Pool({ connectionString: url, max: 4 });
const bank = new PostgresMemoryBank({ pool, schema, embedder: hashEmbedder({ dimensions: 256 }), vectors: 'scan' });
const words = ['invoice', 'flight', 'doctor', 'plan', 'seat', 'coffee', 'berlin', 'refund', 'visa', 'morning', 'card', 'hotel'];
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

try {
  for (let i = 0; i < items; i += 8)
    await Promise.all(
      Array.from({ length: Math.min(8, items - i) }, (_, j) => {
        const n = i + j;
        const text = `fact ${n}: ${words[n % 12]} ${words[(n * 7) % 12]} ${words[(n * 5 + 3) % 12]} number ${n % 97}`;
        return bank.put(['bench'], `k${n}`, { text, group: n % 10 });
      }),
    );
  for (const [label, filter] of [
    ['all', undefined],
    ['group = 3 (a tenth)', { group: 3 }],
  ] as const) {
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = process.hrtime.bigint();
      const found = await bank.search(['bench'], {
        query: `${words[r % 12]} ${words[(r + 5) % 12]} plan`,
        limit: 10,
        ...(filter ? { filter } : {}),
      });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (found.items.length !== 10) throw new Error(`expected 10 results, got ${found.items.length}`);
    }
    console.log(`${items} items, 256 dimensions, ${label}: median vector search ${median(times).toFixed(1)} ms over ${runs} runs`);
  }
} finally {
  await bank.close();
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pool.end();
}
