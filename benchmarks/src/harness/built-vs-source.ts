import { markdownTable } from './markdown-table.ts';
import { fmt, ratio, type Cell, type ShapeResult } from './report.ts';
import { WEFT_IDS, type FrameworkId } from './types.ts';

const median = (cells: readonly Cell[] | undefined, id: FrameworkId): number | undefined => {
  const c = cells?.find((x) => x.framework === id);
  return c?.ok ? c.perStepUs.median : undefined;
};

/**
 * Weft from dist/ against Weft from src/, per shape: each Weft column's
 * median per step in the two passes and their ratio (< 1 = the built
 * JavaScript is faster), then the baseline's ratio between the same two
 * processes. The baseline runs no Weft code, so its ratio is the noise a Weft
 * ratio should be read against. Empty when no shape has the passes.
 */
export function builtVsSource(results: readonly ShapeResult[]): string {
  const measured = results.flatMap((r) => (r.passes ? [{ shape: r.shape, ...r.passes }] : []));
  const columns = WEFT_IDS.filter((id) => measured.some((r) => median(r.dist, id) !== undefined));
  if (!columns.length) return '';
  const rows = measured.map((r) => {
    const cells = columns.flatMap((id) => {
      const src = median(r.source, id);
      const dist = median(r.dist, id);
      const show = (v: number | undefined): string => (v === undefined ? '—' : fmt(v));
      return [show(src), show(dist), src === undefined || dist === undefined ? '—' : ratio(dist / src)];
    });
    const base = [median(r.source, 'baseline'), median(r.dist, 'baseline')] as const;
    const noise = base[0] === undefined || base[1] === undefined ? '—' : ratio(base[1] / base[0]);
    return [r.shape, ...cells, noise];
  });
  const head = ['shape', ...columns.flatMap((id) => [`${id} src µs`, `${id} dist µs`, `${id} dist/src`]), 'baseline dist/src (noise)'];
  return markdownTable(
    head,
    rows,
    head.map((_, i) => (i === 0 ? 'l' : 'r')),
  );
}
