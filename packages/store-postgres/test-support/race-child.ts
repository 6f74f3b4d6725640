/**
 * One racer: opens its own PostgresStore (its own pool and connections) and
 * resumes the thread with its id as the answer. Talks to the parent by lines:
 *
 *   child → "ready"   connected; parent → "go"    start resuming
 *   child → "loaded"  read the head, about to write; parent → "write"  write now
 *   child → { ok, status?, output?, code? }   the outcome, as JSON
 *
 * The second barrier makes every round a real race: all racers have read the
 * same interrupted head before any of them writes. Without it a slow process
 * could start after the winner finished and see a done thread instead.
 *
 *   node --import tsx test-support/race-child.ts <url> <schema> <threadId> <childId>
 */
import { createInterface } from 'node:readline';
import type { CheckpointEntry, CheckpointStore } from '@weft/graph';
import { PostgresStore } from '../src/postgres-store.ts';
import { raceGraph } from './race-graph.ts';

const [url, schema, threadId, childId] = process.argv.slice(2);
if (!url || !schema || !threadId || !childId) throw new Error('usage: race-child.ts <url> <schema> <threadId> <childId>');

const lines = createInterface({ input: process.stdin });
const waiting = new Map<string, () => void>();
lines.on('line', (line) => waiting.get(line)?.());
const signal = (line: string): Promise<void> => new Promise((resolve) => waiting.set(line, resolve));
const say = (line: string): void => void process.stdout.write(`${line}\n`);

const store = new PostgresStore({ connectionString: url, schema });
/** The real store, except that the first write waits for the parent's "write". */
let gated = false;
const gate: CheckpointStore = {
  get: (t, id) => store.get(t, id),
  list: (t, o) => store.list(t, o),
  delete: (t) => store.delete(t),
  deleteCheckpoints: (t, ids) => store.deleteCheckpoints(t, ids),
  threads: () => store.threads(),
  put: async (entry: CheckpointEntry) => {
    if (!gated) {
      gated = true;
      const write = signal('write');
      say('loaded');
      await write;
    }
    return store.put(entry);
  },
};

try {
  await store.migrate();
  await store.pool.query('SELECT 1'); // connect now, so connect time does not decide the race
  const go = signal('go');
  say('ready');
  await go;
  const res = await raceGraph(gate).resume({ threadId, resume: { 'ask#0': childId } });
  say(JSON.stringify({ ok: true, status: res.status, output: res.output }));
} catch (err) {
  say(JSON.stringify({ ok: false, code: (err as { code?: unknown }).code, message: String(err) }));
} finally {
  lines.close();
  await store.close();
}
