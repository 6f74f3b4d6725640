import type { ColdShape } from './cold-shape.ts';
import { coldRatioTable } from './cold-ratio-table.ts';
import { coldShapeTable } from './cold-shape-table.ts';

/** The cold table's section of the day's results Markdown; nothing when the file has no `cold` entries. */
export function coldMarkdown(shapes: readonly ColdShape[]): string[] {
  if (!shapes.length) return [];
  const out = [
    '## Cold processes: what a process that just started pays',
    '',
    'Written by `pnpm bench:cold`. One fresh `node` process per row, one at a time: it imports the framework, builds the shape (setup), ' +
      'times run #1, then W warm-up runs and N runs (median and p90 per step). No forced GC. ' +
      '`import+setup+run 1` is what the process waits for its first result after its own start-up (`start ms`: Node and the harness). ' +
      "Weft's rows say where Weft was loaded from: dist/ (the built JavaScript) or src/ (through tsx). " +
      'See "Cold runs" in `benchmarks/README.md`.',
    '',
  ];
  for (const s of shapes) {
    out.push(`### ${s.shape} (cold, size ${s.size}, ${s.steps} steps)`, '', `Measured ${s.measuredAt ?? 'at an unknown time'}.`, '');
    out.push(coldShapeTable(s), '');
  }
  const ratios = coldRatioTable(shapes);
  if (ratios) out.push('### Weft / fastest peer, cold (< 1 = Weft faster)', '', ratios, '');
  return out;
}
