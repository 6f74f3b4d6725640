/**
 * One racer, kept alive across rounds: opens its own PostgresStore (its own
 * pool and connections) and, each round, resumes that round's thread with its
 * id as the answer. Talks to the parent by lines:
 *
 *   child → "ready"                 connected
 *   parent → "round <n> <threadId>" resume this thread
 *   child → "claiming <n>"          about to claim the thread's lease
 *   parent → "claim <n>"            claim now (sent to every racer at once)
 *   child → { round, ok, status?, output?, code?, claim, reads, puts, nodes }   the outcome, as JSON
 *   parent closes stdin             close the store and exit
 *
 * The barrier before the claim makes every round a real race: all racers
 * claim at the same moment, not as fast as each process happens to start.
 * The tally says what each racer did through the store: how its claim went,
 * how many reads and writes it made, how many nodes it started.
 *
 *   node --import tsx test-support/race-child.ts <url> <schema> <childId> <sideEffectsFile>
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { CheckpointStore } from '@weft/checkpoint';
import { PostgresStore } from '../src/postgres-store.ts';
import { raceGraph } from './race-graph.ts';

const [url, schema, childId, sideEffects] = process.argv.slice(2);
if (!url || !schema || !childId || !sideEffects) throw new Error('usage: race-child.ts <url> <schema> <childId> <sideEffectsFile>');

const lines = createInterface({ input: process.stdin });
const waiting = new Map<string, () => void>();
const signal = (line: string): Promise<void> => new Promise((resolve) => waiting.set(line, resolve));
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const codeOf = (err: unknown): unknown => (err as { code?: unknown } | null)?.code;

const store = new PostgresStore({ connectionString: url, schema });

interface Tally {
  claim: unknown;
  reads: number;
  puts: number;
  nodes: number;
}

/** The real store, counting reads and writes, whose claim waits for the parent's "claim <round>". */
function gated(round: number, tally: Tally): CheckpointStore {
  const read = <T>(p: Promise<T>): Promise<T> => (tally.reads++, p);
  return {
    get: (t, id) => read(store.get(t, id)),
    chain: (t, id, limit) => read(store.chain(t, id, limit)),
    list: (t, o) => read(store.list(t, o)),
    threads: () => read(store.threads()),
    put: (entry) => (tally.puts++, store.put(entry)),
    delete: (t) => store.delete(t),
    deleteCheckpoints: (t, ids) => store.deleteCheckpoints(t, ids),
    claimThread: async (t, options) => {
      const go = signal(`claim ${round}`);
      say(`claiming ${round}`);
      await go;
      try {
        const lease = await store.claimThread(t, options);
        tally.claim = 'won';
        return lease;
      } catch (err) {
        tally.claim = codeOf(err);
        throw err;
      }
    },
    renewThread: (lease) => store.renewThread(lease),
    releaseThread: (lease) => store.releaseThread(lease),
    threadLease: (t) => store.threadLease(t),
  };
}

async function play(round: number, threadId: string): Promise<void> {
  const tally: Tally = { claim: 'never claimed', reads: 0, puts: 0, nodes: 0 };
  const run = raceGraph(gated(round, tally), sideEffects).resume({ threadId, resume: { 'ask#0': childId } });
  run.subscribe({ next: (e) => void (e.type === 'node.start' && tally.nodes++), error: () => {} });
  try {
    const res = await run;
    say(JSON.stringify({ round, ok: true, status: res.status, output: res.output, ...tally }));
  } catch (err) {
    say(JSON.stringify({ round, ok: false, code: codeOf(err), message: String(err), ...tally }));
  }
}

let rounds = Promise.resolve();
lines.on('line', (line) => {
  const [command, round, threadId] = line.split(' ');
  if (command === 'round' && threadId) rounds = rounds.then(() => play(Number(round), threadId));
  else waiting.get(line)?.();
});
try {
  await store.migrate();
  await store.pool.query('SELECT 1'); // connect now, so connect time does not decide a race
  say('ready');
  await once(lines, 'close');
  await rounds;
} finally {
  await store.close();
}
