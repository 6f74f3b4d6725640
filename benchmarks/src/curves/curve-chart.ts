import { lineChart, type ChartSeries } from '../charts/line-chart.ts';
import { FRAMEWORK_STYLE } from './framework-style.ts';
import { growthSlopes } from './growth-slopes.ts';
import type { CurveResult } from './run-curve.ts';

function gapLines(curve: CurveResult): string[] {
  const lines: string[] = [];
  const na = curve.gaps.filter((g) => g.kind === 'n/a');
  for (const g of na) lines.push(`n/a, not plotted: ${g.framework}: ${g.reason}.`);
  for (const g of curve.gaps.filter((x) => x.kind === 'error'))
    lines.push(`Error: ${g.framework} at ${g.size} ${curve.sizeUnit}: ${g.reason}; larger sizes skipped.`);
  const dropped = curve.gaps.filter((g) => g.kind === 'dropped');
  if (dropped.length) {
    const list = dropped.map((g) => `${g.framework} at ${g.size} ${curve.sizeUnit}`).join(', ');
    lines.push(`Dropped (estimated over the ${(curve.budgetMs / 1000).toFixed(0)} s per-point budget): ${list}.`);
  }
  return lines;
}

/** Renders a measured curve as an SVG line chart, one series per framework in its fixed style. */
export function curveChart(curve: CurveResult): string {
  const series: ChartSeries[] = curve.series.map(({ framework, points }) => ({
    label: framework,
    ...FRAMEWORK_STYLE[framework],
    points: points.map((p) => ({
      x: p.x,
      y: p.y,
      ...(p.lo === undefined ? {} : { lo: p.lo }),
      ...(p.hi === undefined ? {} : { hi: p.hi }),
    })),
  }));
  const t = curve.timing;
  const subtitle =
    curve.metric === 'storedBytes'
      ? `shape ${curve.shape}; one run per size, bytes as each framework's store holds them`
      : `shape ${curve.shape}; median of ≥ ${t.samples} runs per point after ≥ ${t.warmup} warm-up (floors ${t.minWarmupMs ?? 0} / ${t.minSampleMs ?? 0} ms); whiskers p10–p90`;
  return lineChart({
    title: curve.title,
    subtitle,
    xTitle: curve.xTitle,
    yTitle: curve.yTitle,
    series,
    caption: [...curve.notes, ...gapLines(curve), growthSlopes(curve)].filter(Boolean),
  });
}
