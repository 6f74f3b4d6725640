import { fmt } from '../harness/report.ts';
import { FRAMEWORK_IDS } from '../harness/types.ts';
import type { CurveResult } from './run-curve.ts';

/**
 * The curve's numbers as a table: one row per framework that was tried, one
 * column per x value; a missing point shows why (n/a, error, dropped). Shared
 * by the console output and the Markdown results file.
 */
export function curveTable(curve: CurveResult): { head: string[]; rows: string[][] } {
  const value = (y: number): string => (curve.metric === 'storedBytes' ? Math.round(y).toLocaleString('en-US') : fmt(y));
  const tried = (f: string): boolean => curve.series.some((s) => s.framework === f) || curve.gaps.some((g) => g.framework === f);
  const frameworks = FRAMEWORK_IDS.filter(tried);
  const rows = frameworks.map((framework) => {
    const points = curve.series.find((s) => s.framework === framework)?.points ?? [];
    const gaps = curve.gaps.filter((g) => g.framework === framework);
    const cells = curve.sizes.map((size) => {
      const p = points.find((q) => q.size === size);
      if (p) return value(p.y);
      const gap = gaps.find((g) => g.size === size);
      if (gap) return gap.kind;
      // After an n/a or an error the larger sizes were never tried.
      return gaps.some((g) => g.kind !== 'dropped' && g.size < size) ? '' : '—';
    });
    return [framework, ...cells];
  });
  // Columns are the plotted x values; when x is not the size itself (history: 2 x turns), say both.
  const head = curve.xs.map((x, i) => (x === curve.sizes[i] ? String(x) : `${x} (${curve.sizes[i]} ${curve.sizeUnit})`));
  return { head: ['framework', ...head], rows };
}
