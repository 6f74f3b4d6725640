/**
 * Should @weft/graph's checkpoint shape check (`recordShapeProblem`, run by
 * `decodeCheckpoint` on every decode) be written by hand or be an ajv JTD validator?
 *
 * On checkpoint records that real runs wrote (msgpack-writer/checkpoint-records.ts,
 * decoded from a MemoryStore's bytes), three checks:
 *
 * - `hand-written`: the check as it was written by hand (record-shape/hand-written-record-shape.ts).
 * - `ajv`: the JTD schema's compiled validator alone (graph's checkpoint/checkpoint-record-schema.ts).
 * - `ajv + gaps`: `recordShapeProblem` as it is: the validator, then what JTD
 *   cannot say (tuples, seq ≥ 1, a finite createdAt, patch keys).
 *
 * Every check must accept every record (checked first). After warm-up, rounds
 * of timed batches (about 200 µs each) take turns check by check, the order
 * rotating each round; the table gives the median ns per check over the rounds
 * (p10–p90) and each median over the hand-written one's.
 *
 *   node --conditions=@weft/source --import tsx benchmarks/src/record-shape.ts [--rounds 400] [--quick]
 */
import { parseArgs } from 'node:util';
import type { CheckpointRecord } from '@weft/graph';
import { checkpointRecordSchema } from '../../packages/checkpoint/src/record/checkpoint-record-schema.ts';
import { recordShapeProblem } from '../../packages/checkpoint/src/record/record-shape-problem.ts';
import { jtdCheck } from '../../packages/graph/src/schema/jtd.ts';
import { markdownTable } from './harness/markdown-table.ts';
import { percentile } from './harness/percentile.ts';
import { runEnvironment } from './harness/run-environment.ts';
import { checkpointRecords } from './msgpack-writer/checkpoint-records.ts';
import { handWrittenRecordShapeProblem } from './record-shape/hand-written-record-shape.ts';

const validateRecord = jtdCheck(checkpointRecordSchema);

const { values } = parseArgs({ options: { rounds: { type: 'string' }, quick: { type: 'boolean', default: false } } });
const ROUNDS = Number(values.rounds ?? (values.quick ? 40 : 400));
const WARMUP_MS = values.quick ? 300 : 3000;
const BATCH_NS = 200_000;

type Check = (r: CheckpointRecord) => boolean;
const CHECKS: [name: string, check: Check][] = [
  ['hand-written', (r) => handWrittenRecordShapeProblem(r) === undefined],
  ['ajv', (r) => validateRecord(r)],
  ['ajv + gaps', (r) => recordShapeProblem(r) === undefined],
];

const records = await checkpointRecords();
for (const { name, record } of records)
  for (const [check, run] of CHECKS) if (!run(record)) throw new Error(`${name}: ${check} refuses a record the engine wrote`);

/** Kept so no check can be optimised away. */
let sink = 0;

function timeBatch(check: Check, record: CheckpointRecord, n: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) if (check(record)) sink++;
  return Number(process.hrtime.bigint() - t0) / n;
}

const batch = new Map<CheckpointRecord, number>();
const warmEnd = performance.now() + WARMUP_MS;
while (performance.now() < warmEnd)
  for (const { record } of records) {
    const slowest = Math.max(...CHECKS.map(([, check]) => timeBatch(check, record, 20)));
    batch.set(record, Math.max(1, Math.round(BATCH_NS / slowest)));
  }

const times = records.map(() => CHECKS.map(() => [] as number[]));
for (let round = 0; round < ROUNDS; round++)
  for (const [r, { record }] of records.entries())
    for (let k = 0; k < CHECKS.length; k++) {
      const c = (k + round) % CHECKS.length;
      times[r]![c]!.push(timeBatch(CHECKS[c]![1], record, batch.get(record)!));
    }

const fmt = (ns: number): string => Math.round(ns).toLocaleString('en-US');
const median = (xs: number[]): number => percentile(xs, 50);
const rows = records.map(({ name }, r) => {
  const sorted = times[r]!.map((xs) => xs.sort((a, b) => a - b));
  const hand = median(sorted[0]!);
  return [
    name,
    ...sorted.map((xs) => `${fmt(median(xs))} (${fmt(percentile(xs, 10))}–${fmt(percentile(xs, 90))})`),
    ...sorted.slice(1).map((xs) => `${(median(xs) / hand).toFixed(2)}×`),
  ];
});
const env = runEnvironment();
console.log(
  `\n${ROUNDS} rounds after ${WARMUP_MS} ms of warm-up; ns per check, median (p10–p90); ${env.node}, ${env.cpu} × ${env.cores}\n`,
);
const names = CHECKS.map(([name]) => name);
const head = ['record', ...names, ...names.slice(1).map((name) => `${name} / hand-written`)];
console.log(markdownTable(head, rows, ['l', ...head.slice(1).map(() => 'r' as const)]));
if (sink === 0) console.log('(nothing accepted)');
