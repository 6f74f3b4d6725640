import { markdownTable } from '../harness/markdown-table.ts';
import { ratio } from '../harness/report.ts';
import { PEER_IDS, WEFT_IDS } from '../harness/types.ts';
import type { ColdCell } from './cold-cell.ts';
import { coldColumn } from './cold-column.ts';
import type { ColdShape } from './cold-shape.ts';

type Measured = Extract<ColdCell, { ok: true }>;

/** Each metric the ratios compare (lower is better for all three); `firstN` names the N and W of the runs shown. */
const metrics = (firstN: string): readonly { label: string; of: (c: Measured) => number }[] => [
  { label: 'first run', of: (c) => c.firstRunUs },
  { label: `${firstN} median`, of: (c) => c.firstN.median },
  { label: 'import+setup+run 1', of: (c) => c.importMs + c.setupMs + c.firstRunMs },
];

/** `mine` over the peer lowest on `of`, with that peer's name (`*`: composed in user code), or `—` without one. */
function overFastest(mine: Measured, peers: readonly Measured[], of: (c: Measured) => number): string {
  if (!peers.length) return '—';
  const fastest = peers.reduce((x, y) => (of(y) < of(x) ? y : x));
  return `${ratio(of(mine) / of(fastest))} (${fastest.framework}${fastest.note ? '*' : ''})`;
}

/**
 * Each Weft column (per origin) over the fastest peer, per shape, for run #1,
 * the first N after W, and import + setup + run #1: Weft's figure divided by
 * the peer's, so < 1 means Weft is faster, the warm tables' convention
 * (report.ts). The fastest peer is picked per metric, so it can differ
 * between columns of one row. Weft cells that failed or cannot run the
 * shape have no row; without a measured peer anywhere there is no table.
 */
export function coldRatioTable(shapes: readonly ColdShape[]): string {
  // Shapes recorded by different runs may have used another N or W.
  const [one] = shapes;
  const same = one && shapes.every((s) => s.first === one.first && s.warmup === one.warmup);
  const columns = metrics(same ? `first ${one.first} (after ${one.warmup})` : 'first N (after W)');
  const rows: string[][] = [];
  for (const s of shapes) {
    const measured = s.cells.filter((c): c is Measured => c.ok);
    const peers = measured.filter((c) => PEER_IDS.includes(c.framework));
    for (const mine of measured.filter((c) => WEFT_IDS.includes(c.framework)))
      rows.push([s.shape, coldColumn(mine), ...columns.map((m) => overFastest(mine, peers, m.of))]);
  }
  if (!rows.length || rows.every((r) => r.slice(2).every((c) => c === '—'))) return '';
  const head = ['shape', 'weft column', ...columns.map((m) => `${m.label}: weft / fastest peer`)];
  return markdownTable(
    head,
    rows,
    head.map((_, i) => (i < 2 ? 'l' : 'r')),
  );
}
