import { markdownTable } from '../harness/markdown-table.ts';
import { curveTable } from './curve-table.ts';
import { growthSlopes } from './growth-slopes.ts';
import type { CurveResult } from './run-curve.ts';

function gapNotes(curve: CurveResult): string[] {
  return curve.gaps.map((g) => {
    if (g.kind === 'n/a') return `- ${g.framework}: n/a: ${g.reason}`;
    return `- ${g.framework} at ${g.size} ${curve.sizeUnit}: ${g.kind === 'dropped' ? 'dropped, ' : 'error: '}${g.reason}`;
  });
}

/**
 * The "Scaling curves" section of the Markdown results file: each curve's
 * chart (the SVG written next to the file) and its numbers as a table.
 */
export function curvesMarkdown(curves: readonly CurveResult[]): string[] {
  if (!curves.length) return [];
  const out = ['## Scaling curves', ''];
  for (const curve of curves) {
    const { head, rows } = curveTable(curve);
    out.push(`### ${curve.title}`, '');
    if (curve.chart) out.push(`![${curve.title}](${curve.chart})`, '');
    out.push(
      `Shape \`${curve.shape}\`. Cells: ${curve.yTitle}; columns: ${curve.xTitle}. ` +
        `Measured ${curve.measuredAt ?? 'at an unknown time'} in ${(curve.elapsedMs / 1000).toFixed(0)} s.`,
      '',
      markdownTable(
        head,
        rows,
        head.map((_, i) => (i === 0 ? 'l' : 'r')),
      ),
      '',
      ...curve.notes.map((n) => `- ${n}`),
      ...gapNotes(curve),
      ...(growthSlopes(curve) ? [`- ${growthSlopes(curve)}`] : []),
      '',
    );
  }
  return out;
}
