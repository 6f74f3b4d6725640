/**
 * Checkpoint records as real runs write them, for the encoder benchmark
 * (../msgpack-writer.ts): each graph runs on a MemoryStore and the records are
 * read back from the bytes it stored, so they hold exactly what the engine
 * puts in a checkpoint (ids, frontier, immer patches, pending results).
 */
import {
  END,
  MemoryStore,
  START,
  decodeCheckpoint,
  graph,
  interrupt,
  send,
  type CheckpointRecord,
  type CheckpointStore,
} from '@weft/graph';

export interface NamedRecord {
  name: string;
  record: CheckpointRecord;
}

async function storedRecords(store: CheckpointStore, threadId: string): Promise<CheckpointRecord[]> {
  const entries = await store.list(threadId);
  return entries.reverse().map((e) => decodeCheckpoint(e.bytes, `${threadId}/${e.id}`));
}

function pick(records: CheckpointRecord[], what: string, test: (r: CheckpointRecord) => boolean): CheckpointRecord {
  const found = records.findLast(test);
  if (!found) throw new Error(`no checkpoint of ${what} in the run`);
  return found;
}

function expectStatus(run: { status: string; error?: unknown }, status: string): void {
  if (run.status !== status) throw new Error(`a benchmark run ended ${run.status}, not ${status}`, { cause: run.error });
}

const isSnapshot = (r: CheckpointRecord): boolean => 'full' in r.state;

/** 20 nodes in a line, each writing two fields of a small state. */
async function chain(): Promise<CheckpointRecord[]> {
  const store = new MemoryStore();
  type State = { count: number; last: string; tags: string[] };
  let g = graph<number, number, State>({ name: 'chain', state: () => ({ count: 0, last: '', tags: ['bench', 'chain'] }) });
  for (let i = 0; i < 20; i++)
    g = g.addNode(`n${i}`, (x: number, ctx) => {
      ctx.set(['count'], x + 1);
      ctx.set(['last'], `n${i}`);
      return x + 1;
    });
  g = g.addEdge(START, 'n0');
  for (let i = 1; i < 20; i++) g = g.addEdge(`n${i - 1}`, `n${i}`);
  expectStatus(await g.addEdge('n19', END).compile({ store }).run(0, { threadId: 'chain' }), 'done');
  return storedRecords(store, 'chain');
}

type Message = { role: 'user' | 'assistant'; content: string; turn: number };

/** About 200 characters of chat text; every fifth message has typographic (non-ASCII) punctuation. */
function text(turn: number): string {
  const sentence = turn % 5 === 0 ? `Turn ${turn} — here’s the “plan”: ` : `Turn ${turn}, here is the plan: `;
  return (sentence + 'check the order status, look up the invoice, and reply to the customer. ').repeat(3).slice(0, 200);
}

/**
 * A conversation: each step appends one message and counts the turn, 51 turns.
 * `snapshotEvery: 1` stores every checkpoint in full; otherwise most are deltas.
 */
async function history(snapshotEvery?: number): Promise<CheckpointRecord[]> {
  const store = new MemoryStore();
  type State = { messages: Message[]; turns: number; topic: string };
  const g = graph<number, number, State>({ name: 'history', state: () => ({ messages: [], turns: 0, topic: 'billing' }) })
    .addNode('turn', (n: number, ctx) => {
      ctx.append(['messages'], { role: n % 2 === 0 ? 'user' : 'assistant', content: text(n), turn: n });
      ctx.set(['turns'], n + 1);
      return n + 1;
    })
    .addEdge(START, 'turn')
    .addBranch('turn', (n) => (n < 51 ? 'turn' : END), ['turn', END])
    .compile({ store, maxSteps: 100, ...(snapshotEvery ? { snapshotEvery } : {}) });
  expectStatus(await g.run(0, { threadId: 'history' }), 'done');
  return storedRecords(store, 'history');
}

/** A 1,000-wide send() map where the last task interrupts: the checkpoint keeps the other 999 results. */
async function map(): Promise<CheckpointRecord[]> {
  const store = new MemoryStore();
  const WIDTH = 1000;
  const g = graph<number, number[], { done: number }>({ name: 'map', state: () => ({ done: 0 }) })
    .addNode('plan', (n: number) => n)
    .addNode('work', (i: number, ctx) => {
      if (i === WIDTH - 1) interrupt({ question: `approve item ${i}?` });
      ctx.update((s) => {
        s.done += 1;
      });
      return [{ item: i, result: `item-${i} ok`, score: i / WIDTH }];
    })
    .addNode('gather', (all: { item: number }[]) => all.map((r) => r.item))
    .addEdge(START, 'plan')
    .addBranch('plan', (n) => Array.from({ length: n }, (_, i) => send('work', i, `i${i}`)), ['work'])
    .addEdge('work', 'gather')
    .addEdge('gather', END)
    .compile({ store });
  expectStatus(await g.run(WIDTH, { threadId: 'map' }), 'interrupted');
  return storedRecords(store, 'map');
}

/** The records the benchmark encodes, each a different shape the engine writes. */
export async function checkpointRecords(): Promise<NamedRecord[]> {
  const [chainRun, snapshots, deltas, mapRun] = await Promise.all([chain(), history(1), history(), map()]);
  const messages = (r: CheckpointRecord): number => ('full' in r.state ? (r.state.full as { messages: unknown[] }).messages.length : 0);
  return [
    { name: 'chain, small state (snapshot)', record: pick(chainRun, 'a chain snapshot', (r) => r.source === 'step' && isSnapshot(r)) },
    { name: 'chain, small state (delta)', record: pick(chainRun, 'a chain delta', (r) => !isSnapshot(r) && r.status === 'running') },
    {
      name: 'history, 50 messages (snapshot)',
      record: pick(snapshots, 'a 50-message snapshot', (r) => r.status === 'running' && messages(r) === 50),
    },
    { name: 'history, delta (2 patches)', record: pick(deltas, 'a history delta', (r) => !isSnapshot(r) && r.status === 'running') },
    { name: 'send() map, 999 pending results', record: pick(mapRun, 'the interrupted map step', (r) => r.pending.length === 999) },
  ];
}
