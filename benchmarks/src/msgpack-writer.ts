/**
 * Does @weft/graph's hand-written checkpoint encoder (MsgpackWriter, behind
 * `encodeCheckpoint`) earn its place? (`pnpm bench:msgpack`)
 *
 * On checkpoint records that real runs wrote (msgpack-writer/checkpoint-records.ts),
 * four ways to make the same bytes (msgpack-writer/msgpackr-encoders.ts):
 *
 * - `writer`: `encodeCheckpoint` as it is.
 * - `msgpackr`: what it would do with msgpackr's `pack()` in place of the
 *   writer: the same patch check, `pack()` of the field list with the codec's
 *   Packr options, the same header and checksum. It refuses nothing.
 * - `+ minimal check`: the same after the cheapest separate walk that refuses
 *   what the writer refuses as it writes (lone surrogates, holes, `__proto__`
 *   keys, nesting past 1,024 levels, which also ends a cycle).
 * - `+ findUnserializable`: the same after the codec's own full check, which
 *   is what the codec would run on every encode without the writer.
 *
 * All four must give byte-identical output for every record (checked first).
 * Then, after warm-up, rounds of timed batches (about 200 µs each) take turns
 * way by way, the order rotating each round; the table gives the median ns per
 * encode over the rounds (p10–p90 for the first two) and each way's median
 * over the writer's.
 *
 *   node --conditions=@weft/source --import tsx benchmarks/src/msgpack-writer.ts [--rounds 1000] [--quick]
 */
import { parseArgs } from 'node:util';
import { encodeCheckpoint, type CheckpointRecord } from '@weft/graph';
import { markdownTable } from './harness/markdown-table.ts';
import { percentile } from './harness/percentile.ts';
import { runEnvironment } from './harness/run-environment.ts';
import { checkpointRecords } from './msgpack-writer/checkpoint-records.ts';
import { encodeWithMsgpackr, encodeWithMsgpackrAndFind, encodeWithMsgpackrAndMinimalCheck } from './msgpack-writer/msgpackr-encoders.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, quick: { type: 'boolean', default: false } } });
const ROUNDS = Number(values.rounds ?? (values.quick ? 40 : 1000));
const WARMUP_MS = values.quick ? 300 : 5000;
/** Each timed batch runs about this long, so the clock's own cost is noise. */
const BATCH_NS = 200_000;

const WAYS: [name: string, encode: (r: CheckpointRecord) => Uint8Array][] = [
  ['writer', encodeCheckpoint],
  ['msgpackr', encodeWithMsgpackr],
  ['+ minimal check', encodeWithMsgpackrAndMinimalCheck],
  ['+ findUnserializable', encodeWithMsgpackrAndFind],
];

const records = await checkpointRecords();
for (const { name, record } of records) {
  const expected = Buffer.from(encodeCheckpoint(record));
  for (const [way, encode] of WAYS) {
    if (!expected.equals(encode(record))) throw new Error(`${name}: ${way} gives different bytes from encodeCheckpoint`);
  }
}

/** Kept so no encode can be optimised away. */
let sink = 0;

function timeBatch(encode: (r: CheckpointRecord) => Uint8Array, record: CheckpointRecord, n: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += encode(record).length;
  return Number(process.hrtime.bigint() - t0) / n;
}

// Warm-up: every way on every record, which also sizes each record's batch.
const batch = new Map<CheckpointRecord, number>();
const warmEnd = performance.now() + WARMUP_MS;
while (performance.now() < warmEnd)
  for (const { record } of records) {
    const slowest = Math.max(...WAYS.map(([, encode]) => timeBatch(encode, record, 20)));
    batch.set(record, Math.max(1, Math.round(BATCH_NS / slowest)));
  }

const times = records.map(() => WAYS.map(() => [] as number[]));
for (let round = 0; round < ROUNDS; round++)
  for (const [r, { record }] of records.entries())
    for (let k = 0; k < WAYS.length; k++) {
      const w = (k + round) % WAYS.length;
      times[r]![w]!.push(timeBatch(WAYS[w]![1], record, batch.get(record)!));
    }

const fmt = (ns: number): string => Math.round(ns).toLocaleString('en-US');
const median = (xs: number[]): number => percentile(xs, 50);
const rows = records.map(({ name, record }, r) => {
  const sorted = times[r]!.map((xs) => xs.sort((a, b) => a - b));
  const writer = median(sorted[0]!);
  const range = (xs: number[]) => ` (${fmt(percentile(xs, 10))}–${fmt(percentile(xs, 90))})`;
  return [
    name,
    encodeCheckpoint(record).length.toLocaleString('en-US'),
    ...sorted.map((xs, w) => fmt(median(xs)) + (w < 2 ? range(xs) : '')),
    ...sorted.slice(1).map((xs) => `${(median(xs) / writer).toFixed(2)}×`),
  ];
});
const env = runEnvironment();
console.log(
  `\n${ROUNDS} rounds after ${WARMUP_MS} ms of warm-up; ns per encode, median (p10–p90); ${env.node}, ${env.cpu} × ${env.cores}\n`,
);
const names = WAYS.map(([name]) => name);
const head = ['record', 'bytes', ...names, ...names.slice(1).map((name) => `${name} / writer`)];
console.log(markdownTable(head, rows, ['l', ...head.slice(1).map(() => 'r' as const)]));
if (sink === 0) console.log('(no bytes written)');
