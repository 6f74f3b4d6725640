/**
 * What publishing a job's events costs, per event: a loop graph of STEPS
 * steps run locally (no listener, then a listener that only collects) and
 * through a WeftQueue/WeftWorker on the test Redis, whose events go to the
 * job's stream in batches (one Lua call per microtask or per write in
 * flight); and, for comparison, the same events written one XADD each.
 *
 *   WEFT_REDIS_URL=redis://127.0.0.1:56379 node --conditions=@weft/source --import tsx test-support/measure-events.ts
 */
import { END, graph, MemoryStore, START } from '@weft/graph';
import { Queue } from 'bullmq';
import { WeftQueue, WeftWorker } from '../src/index.ts';
import { appendEntries } from '../src/events-stream.ts';
import { jsonText } from '../src/result-json.ts';
import { redisConnection, uniqueQueue } from './redis-env.ts';

const ROUNDS = 7;
const loop = (STEPS: number) =>
  graph<number, number, { n: number }>({ name: 'loop', state: () => ({ n: 0 }) })
    .addNode('inc', (n: number, ctx) => (ctx.update((s) => void (s.n = n + 1)), n + 1))
    .addBranch('inc', (n) => (n < STEPS ? 'inc' : END), ['inc', END])
    .addEdge(START, 'inc')
    .compile({ maxSteps: STEPS + 5 });

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const ms = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const STEPS = 200;
const store = new MemoryStore();
const g = loop(STEPS).withStore(store);
const events: unknown[] = [];
let thread = 0;
const bare = await time(async () => g.run(0, { threadId: `bare-${thread++}` }));
const listened = await time(async () => {
  events.length = 0;
  const run = g.run(0, { threadId: `listened-${thread++}` });
  run.subscribe((e) => events.push(e));
  await run;
});
const count = events.length;

const name = uniqueQueue('measure');
const worker = new WeftWorker({ queue: name, connection: redisConnection(), store, targets: { loop: loop(STEPS), one: loop(1) } });
const queue = new WeftQueue({ queue: name, connection: redisConnection() });
let batches = 0;
const client = await worker.bull.client;
const runCommand = client.runCommand.bind(client);
client.runCommand = (cmd: string, args: unknown[]) => (cmd === 'weftAppendEvents' && batches++, runCommand(cmd, args));
const queued = await time(async () => (await queue.run('loop', 0)).result());
const perJob = batches / (ROUNDS + 1);
// The fixed cost of a job (enqueue, pick-up, end, result), from a one-step graph: 8 events.
const small = await time(async () => (await queue.run('one', 0)).result());
const smallLocal = await time(async () => {
  const run = loop(1)
    .withStore(store)
    .run(0, { threadId: `small-${thread++}` });
  run.subscribe(() => {});
  await run;
});

const texts = events.map((e) => jsonText(e));
const one = await time(async () => {
  for (const t of texts) await appendEntries(client, `${name}:one-by-one`, 60, [['e', t]]);
});
const stringify = await time(async () => void events.map((e) => jsonText(e)));

await queue.close();
await worker.close();
const bull = new Queue(name, { connection: redisConnection() });
await bull.obliterate({ force: true });
await bull.close();

const per = (ms: number) => `${((ms * 1000) / count).toFixed(1)} µs/event`;
console.log(`${STEPS}-step loop, ${count} events, median of ${ROUNDS}:`);
console.log(`  local, no listener          ${bare.toFixed(1)} ms`);
console.log(`  local, collecting events    ${listened.toFixed(1)} ms`);
console.log(
  `  queued, 1-step graph        ${small.toFixed(1)} ms  (the job's fixed cost: ${(small - smallLocal).toFixed(1)} ms over the local run)`,
);
console.log(
  `  queued (enqueue → result)   ${queued.toFixed(1)} ms  (${per(queued - listened - (small - smallLocal))} over collecting, fixed cost aside; ${perJob.toFixed(1)} appends per job)`,
);
console.log(`  JSON of the events alone    ${stringify.toFixed(1)} ms  (${per(stringify)})`);
console.log(`  one XADD round trip each    ${one.toFixed(1)} ms  (${per(one)})`);
