/**
 * Checkpoint storage benchmark, case (d): a 50-step thread whose state holds
 * one 5 MB Uint8Array from step 1 on (an image in an agent's history). Bytes
 * stored for the thread (checkpoint bytes plus its blobs) with binary values
 * stored once by hash, against the same thread on the same store without
 * `getBlobs` (every value inside the checkpoints), at the default snapshot
 * policy and with a full snapshot every 10 checkpoints, plus a fork from
 * step 5. Also the run's time and the load of its head (getState).
 */
import { END, START, graph, type CheckpointStore } from '@weft/graph';

const STEPS = 50;
const SIZE = 5_000_000;

export interface BlobRow {
  store: string;
  snapshotEvery: number;
  blobs: boolean;
  bytes: number;
  runMs: number;
  loadMs: number;
}

type S = { n: number; image: Uint8Array | null };

function imageGraph(store: CheckpointStore, image: Uint8Array, snapshotEvery: number) {
  return graph<number, number, S>({ name: 'image', state: () => ({ n: 0, image: null }) })
    .addNode('step', (n: number, ctx) => {
      if (n === 1) ctx.set(['image'], image);
      ctx.set(['n'], n);
      return n + 1;
    })
    .addEdge(START, 'step')
    .addBranch('step', (n) => (n <= STEPS ? 'step' : END), ['step', END])
    .compile({ store, snapshotEvery, maxSteps: STEPS + 10 });
}

/** The store without `getBlobs`: graphs keep binary values inside each checkpoint. */
function bound(store: CheckpointStore, blobs: boolean): CheckpointStore {
  const methods = [
    'put',
    'putSync',
    'get',
    'chain',
    'list',
    'delete',
    'deleteCheckpoints',
    'threads',
    'claimThread',
    'renewThread',
    'releaseThread',
    'threadLease',
    ...(blobs ? ['getBlobs' as const] : []),
  ] as const;
  const found = methods.filter((k) => store[k] !== undefined).map((k) => [k, (store[k] as (...a: unknown[]) => unknown).bind(store)]);
  return Object.fromEntries(found) as unknown as CheckpointStore;
}

/** Checkpoint bytes of the thread plus the bytes of the blobs its entries carried when they were put. */
async function threadBytes(store: CheckpointStore, threadId: string, blobHashes: Set<string>): Promise<number> {
  let total = 0;
  for (const e of await store.list(threadId)) total += e.bytes.byteLength;
  if (store.getBlobs && blobHashes.size) for (const b of (await store.getBlobs(threadId, [...blobHashes])).values()) total += b.byteLength;
  return total;
}

/** The store (without `getBlobs` unless `blobs`: then graphs keep binary values inside each checkpoint), recording the hashes of the blobs each put carries. */
function watching(store: CheckpointStore, blobs: boolean, hashes: Set<string>): CheckpointStore {
  const methods = bound(store, blobs);
  const seen = (e: Parameters<CheckpointStore['put']>[0]) => e.blobs?.forEach((b) => hashes.add(b.hash));
  const { put, putSync } = methods;
  methods.put = (e) => (seen(e), put(e));
  if (putSync) methods.putSync = (e) => (seen(e), putSync(e));
  return methods;
}

const now = (): bigint => process.hrtime.bigint();
const ms = (start: bigint): number => Number(now() - start) / 1e6;

async function measure(label: string, base: CheckpointStore, blobs: boolean, snapshotEvery: number, image: Uint8Array): Promise<BlobRow> {
  const hashes = new Set<string>();
  const store = watching(base, blobs, hashes);
  const g = imageGraph(store, image, snapshotEvery);
  const threadId = `image-${blobs ? 'blobs' : 'inline'}-${snapshotEvery}-${Date.now()}`;
  const t0 = now();
  const res = await g.run(1, { threadId });
  const runMs = ms(t0);
  if (res.status !== 'done' || res.state.n !== STEPS) throw new Error(`${label}: ${res.status} at ${res.state.n}`);
  // A fork from step 5, run to the end: shares the blob (and the checkpoints before it).
  const early = (await base.list(threadId)).find((e) => e.step === 5)!;
  const fork = await g.resume({ threadId, checkpointId: early.id, fork: true, goto: 'step', input: 6 });
  if (fork.status !== 'done') throw new Error(`${label}: the fork ended ${fork.status}`);
  const l0 = now();
  const loaded = await g.getState(threadId);
  const loadMs = ms(l0);
  if (loaded.state.image?.byteLength !== SIZE) throw new Error(`${label}: the loaded image has ${loaded.state.image?.byteLength} bytes`);
  return { store: label, snapshotEvery, blobs, bytes: await threadBytes(base, threadId, hashes), runMs, loadMs };
}

/** Both ways (blobs, inline) on each store, at the default snapshot policy and at snapshotEvery 10. */
export async function blobRows(stores: [label: string, store: CheckpointStore][]): Promise<BlobRow[]> {
  const image = Uint8Array.from({ length: SIZE }, (_, i) => (i * 2_654_435_761) >>> 24);
  const rows: BlobRow[] = [];
  for (const [label, store] of stores)
    for (const snapshotEvery of [100, 10])
      for (const blobs of [true, false]) rows.push(await measure(label, store, blobs, snapshotEvery, image));
  return rows;
}

export function blobTable(rows: BlobRow[]): string[] {
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  const lines = [
    `\n## A 5 MB Uint8Array in the state of a ${STEPS}-step thread, plus a fork from step 5 (bytes stored for the thread: checkpoints + blobs)\n`,
    '| store | snapshotEvery | binary values | bytes stored | run ms | getState ms |',
    '| --- | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.store} | ${r.snapshotEvery} | ${r.blobs ? 'blobs, once per thread' : 'inside each checkpoint'} | ${mb(r.bytes)} | ${r.runMs.toFixed(1)} | ${r.loadMs.toFixed(2)} |`,
    );
  return lines;
}
