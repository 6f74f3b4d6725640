import { MemoryStore, decodeCheckpoint, encodeCheckpoint, type CheckpointEntry, type CheckpointRecord } from '@weft/graph';
import { lazy } from '../harness/lazy.ts';
import type { FrameworkId, ModuleShapeId } from '../harness/types.ts';
import { chainGraph } from '../frameworks/weft.ts';
import { captureEntries } from './capture-entries.ts';
import { timePerCall } from './time-per-call.ts';

/** One shape's per-step microseconds, whole runs and the parts of a checkpointed step timed apart. */
export interface ShapeBreakdown {
  shape: ModuleShapeId;
  size: number;
  steps: number;
  /** Checkpoints one weft-ckpt run writes. */
  checkpoints: number;
  /** Mean bytes of those checkpoints. */
  checkpointBytes: number;
  floor: number;
  weft: number;
  weftCkpt: number;
  weftExit: number;
  /** encodeCheckpoint() of the run's records. */
  encode: number;
  /** MemoryStore.put() of the run's entries, on a fresh thread. */
  put: number;
  /** A subscriber to every event against none (graph shapes: the Runner always collects its events). */
  events: number | undefined;
}

/** Entries of one run, this many copies on distinct threads, for put() batches. */
const PUT_BATCH = 50;
const ENCODE_BATCH = 50;

/** Rounds of the whole-run cells, interleaved; each cell keeps its lowest median (the machine is shared: load only adds). */
const ROUNDS = 3;

/** Median µs per step of each framework's run of the shape, reset between samples as the harness does, lowest of ROUNDS. */
async function perStep(frameworks: readonly FrameworkId[], shape: ModuleShapeId, size: number, steps: number): Promise<number[]> {
  const runs = await Promise.all(frameworks.map((f) => lazy(f, shape)(size)));
  const best = frameworks.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, run] of runs.entries()) {
      const us = (await timePerCall(`${frameworks[i]} ${shape}`, run, 1, run.reset)) / steps;
      best[i] = Math.min(best[i]!, us);
    }
  }
  return best;
}

async function lowest(time: () => Promise<number>): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) best = Math.min(best, await time());
  return best;
}

async function encodeAndPut(entries: CheckpointEntry[], steps: number): Promise<{ encode: number; put: number }> {
  const records: CheckpointRecord[] = entries.map((e) => decodeCheckpoint(e.bytes, 'breakdown'));
  const encode = await lowest(() => timePerCall('encode', () => void records.forEach((r) => encodeCheckpoint(r)), ENCODE_BATCH));
  const copies = Array.from({ length: PUT_BATCH }, (_, i) => entries.map((e) => ({ ...e, threadId: `put-${i}` })));
  let store = new MemoryStore();
  let next = 0;
  const put = async (): Promise<void> => {
    for (const e of copies[next++ % PUT_BATCH]!) await store.put(e);
  };
  const fresh = (): void => {
    store = new MemoryStore();
    next = 0;
  };
  return { encode: encode / steps, put: (await lowest(() => timePerCall('put', put, PUT_BATCH, fresh))) / steps };
}

/** The chain with and without a subscriber to all its events (no store), µs per step. */
async function chainEvents(size: number): Promise<number> {
  const g = chainGraph(size);
  const bare = await lowest(() => timePerCall('chain', async () => void (await g.run(0)), 20));
  const watched = await lowest(() =>
    timePerCall(
      'chain watched',
      async () => {
        const run = g.run(0);
        run.subscribe(() => undefined);
        await run;
      },
      20,
    ),
  );
  return (watched - bare) / size;
}

/**
 * Times the floor, Weft without a store, with a MemoryStore at every step
 * and on exit, then the checkpoint's codec and store calls alone on the
 * records one checkpointed run wrote.
 */
export async function breakDownShape(shape: ModuleShapeId, size: number, steps: number): Promise<ShapeBreakdown> {
  const [floor = NaN, weft = NaN, weftCkpt = NaN, weftExit = NaN] = await perStep(
    ['baseline', 'weft', 'weft-ckpt', 'weft-exit'],
    shape,
    size,
    steps,
  );
  const entries = await captureEntries(await lazy('weft-ckpt', shape)(size));
  const { encode, put } = await encodeAndPut(entries, steps);
  const bytes = entries.reduce((n, e) => n + e.bytes.byteLength, 0);
  const events = shape === 'chain' ? await chainEvents(size) : undefined;
  return {
    shape,
    size,
    steps,
    checkpoints: entries.length,
    checkpointBytes: entries.length ? Math.round(bytes / entries.length) : 0,
    floor,
    weft,
    weftCkpt,
    weftExit,
    encode,
    put,
    events,
  };
}
