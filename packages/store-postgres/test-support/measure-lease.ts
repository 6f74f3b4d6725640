/**
 * What the thread lease costs a run on PostgreSQL: the statements (round
 * trips) a run and a resume issue, and the time of a claim plus a release
 * next to the time of the whole run.
 *
 *   WEFT_PG_URL=postgres://… node --import tsx test-support/measure-lease.ts [runs]
 */
import pg from 'pg';
import { PostgresStore } from '../src/postgres-store.ts';
import { freshSchema } from './pg-test-env.ts';
import { raceGraph } from './race-graph.ts';

const url = process.env['WEFT_PG_URL'];
if (!url) throw new Error('set WEFT_PG_URL (bash scripts/start-postgres.sh prints it)');
const runs = Number(process.argv[2] ?? 300);
const schema = freshSchema();
const pool = new pg.Pool({ connectionString: url, max: 1 });
const store = new PostgresStore({ pool, schema });

/** Statement names as the store sends them, in order. */
const statements: string[] = [];
const send = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
pool.query = ((config: { name?: string }, values?: unknown) => {
  if (config.name) statements.push(config.name.slice(`weft.${schema}.`.length));
  return send(config, values);
}) as typeof pool.query;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (ns: bigint): number => Number(ns) / 1e6;

try {
  await store.migrate();
  const g = raceGraph(store);
  // Warm up: every named statement prepared on the one connection.
  await g.run('q', { threadId: 'warm' });
  await g.resume({ threadId: 'warm', resume: { 'ask#0': 'a' } });
  statements.length = 0;
  await g.run('q', { threadId: 'count' });
  console.log(`run to the interrupt: ${statements.length} statements: ${statements.join(', ')}`);
  statements.length = 0;
  await g.resume({ threadId: 'count', resume: { 'ask#0': 'a' } });
  console.log(`resume to the end:    ${statements.length} statements: ${statements.join(', ')}`);

  const lease: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await store.releaseThread(await store.claimThread(`lease-${i}`, { holder: 'measure' }));
    const t1 = process.hrtime.bigint();
    await g.run('q', { threadId: `run-${i}` });
    await g.resume({ threadId: `run-${i}`, resume: { 'ask#0': 'a' } });
    const t2 = process.hrtime.bigint();
    lease.push(ms(t1 - t0));
    whole.push(ms(t2 - t1) / 2);
  }
  const [l, w] = [median(lease), median(whole)];
  console.log(
    `median over ${runs}: claim + release ${l.toFixed(3)} ms; one run or resume (lease included) ${w.toFixed(3)} ms; lease share ${((100 * l) / w).toFixed(0)}%`,
  );
} finally {
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await store.close();
  await pool.end();
}
