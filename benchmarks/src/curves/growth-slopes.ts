import type { CurveResult } from './run-curve.ts';

/**
 * Each series' log-log slope from its first to its last point, as one
 * sentence ('' when no series has two points): 0 = flat, 1 = linear,
 * 2 = quadratic growth. One number per framework says what the chart shows
 * without reading it off the axes.
 */
export function growthSlopes(curve: CurveResult): string {
  const parts = curve.series.flatMap(({ framework, points }) => {
    const a = points[0];
    const b = points.at(-1);
    if (!a || !b || a === b || a.y <= 0 || b.y <= 0) return [];
    return [`${framework} ${(Math.log(b.y / a.y) / Math.log(b.x / a.x)).toFixed(2)}`];
  });
  if (!parts.length) return '';
  const meaning =
    curve.metric === 'storedBytes' ? '1 = linear, 2 = quadratic in steps' : '0 = flat per-step cost, 1 = per-step cost grows linearly';
  return `Growth, log-log slope from the smallest to the largest point (${meaning}): ${parts.join(', ')}.`;
}
