/**
 * Where a step's microseconds go: for the chain and the agent shapes, the
 * floor (the baseline's plain loop), Weft without a store, with a MemoryStore
 * writing a checkpoint at every step and only on exit, and the parts of a
 * checkpoint timed apart on the records one run wrote (encodeCheckpoint,
 * MemoryStore.put), plus what a subscriber to every event adds to the chain.
 * Prints a Markdown table (README: "Where a step's microseconds go").
 *
 *   pnpm bench:breakdown [--only chain,react-loop] [--size 10]
 */
import { parseArgs } from 'node:util';
import { markdownTable } from './harness/markdown-table.ts';
import { nonNegativeInt } from './harness/arg-values.ts';
import type { ModuleShapeId } from './harness/types.ts';
import { ALL_SCENARIOS } from './scenarios/all-scenarios.ts';
import { breakDownShape, type ShapeBreakdown } from './breakdown/break-down-shape.ts';

const SHAPES: readonly ModuleShapeId[] = ['chain', 'react-loop', 'sequential-agents', 'parallel-agents', 'transfer-chain'];
const USAGE = `usage: pnpm bench:breakdown [--only ${SHAPES.join(',')}] [--size N]`;

const { values } = parseArgs({ options: { only: { type: 'string' }, size: { type: 'string' } } });
const only = values.only ? values.only.split(',') : SHAPES;
const bad = only.filter((s) => !SHAPES.includes(s as ModuleShapeId));
if (bad.length) throw new Error(`${bad.join(', ')}: not a shape the breakdown covers\n${USAGE}`);
const size = values.size === undefined ? undefined : nonNegativeInt('--size', values.size, USAGE);

const rows: ShapeBreakdown[] = [];
for (const shape of only as ModuleShapeId[]) {
  const scenario = ALL_SCENARIOS.find((s) => s.id === shape)!;
  const n = size ?? scenario.size.full;
  rows.push(await breakDownShape(shape, n, scenario.steps(n)));
  console.error(`${shape}: done`);
}

const f = (us: number | undefined): string => (us === undefined ? 'n/a' : us.toFixed(2));
console.log(
  markdownTable(
    [
      'shape (steps)',
      'floor',
      'weft',
      'engine over floor',
      'weft-ckpt',
      'weft-exit',
      'checkpoint (ckpt − weft)',
      'encode',
      'store.put',
      'rest of checkpoint',
      'events (subscriber)',
      'checkpoints × bytes',
    ],
    rows.map((r) => [
      `${r.shape} (${r.steps})`,
      f(r.floor),
      f(r.weft),
      f(r.weft - r.floor),
      f(r.weftCkpt),
      f(r.weftExit),
      f(r.weftCkpt - r.weft),
      f(r.encode),
      f(r.put),
      f(r.weftCkpt - r.weft - r.encode - r.put),
      f(r.events),
      `${r.checkpoints} × ${r.checkpointBytes}`,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  ),
);
