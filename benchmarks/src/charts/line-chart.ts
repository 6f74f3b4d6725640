import { axisScale, type AxisScale, type ScaleKind } from './axis-scale.ts';
import { chartMarker, type MarkerShape } from './chart-marker.ts';
import { escapeXml } from './escape-xml.ts';
import { wrapText } from './wrap-text.ts';

export interface ChartPoint {
  x: number;
  y: number;
  /** Optional spread around y (e.g. p10 and p90), drawn as a vertical whisker. */
  lo?: number;
  hi?: number;
}

export interface ChartSeries {
  label: string;
  color: string;
  marker: MarkerShape;
  dashed?: boolean;
  points: readonly ChartPoint[];
}

export interface LineChartSpec {
  title: string;
  subtitle?: string;
  /** Axis titles; include the unit. */
  xTitle: string;
  yTitle: string;
  xScale?: ScaleKind | 'auto';
  yScale?: ScaleKind | 'auto';
  series: readonly ChartSeries[];
  /** Paragraphs printed under the plot, wrapped to the width. */
  caption?: readonly string[];
}

const WIDTH = 900;
const PLOT = { left: 84, right: 700, top: 70, height: 380 };
const CAPTION_LINE = 17;
const CAPTION_CHARS = 132;
const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"`;
const f = (v: number): string => v.toFixed(1);

interface Frame {
  x: AxisScale;
  y: AxisScale;
  /** Plot bottom in pixels (y grows downwards in SVG). */
  bottom: number;
  px: (v: number) => number;
  py: (v: number) => number;
}

function frameFor(spec: LineChartSpec): Frame {
  const xs = spec.series.flatMap((s) => s.points.map((p) => p.x));
  const ys = spec.series.flatMap((s) => s.points.flatMap((p) => [p.y, p.lo ?? p.y, p.hi ?? p.y]));
  const x = axisScale(xs, spec.xScale);
  const y = axisScale(ys, spec.yScale);
  const bottom = PLOT.top + PLOT.height;
  return { x, y, bottom, px: (v) => x.map(v, PLOT.left, PLOT.right), py: (v) => y.map(v, bottom, PLOT.top) };
}

function axes(spec: LineChartSpec, fr: Frame): string[] {
  const out: string[] = [];
  for (const t of fr.x.ticks) {
    const x = f(fr.px(t.value));
    out.push(`<line x1="${x}" y1="${PLOT.top}" x2="${x}" y2="${fr.bottom}" stroke="${t.label ? '#dcdcdc' : '#f0f0f0'}"/>`);
    if (t.label) out.push(`<text x="${x}" y="${fr.bottom + 18}" text-anchor="middle">${escapeXml(t.label)}</text>`);
  }
  for (const t of fr.y.ticks) {
    const y = f(fr.py(t.value));
    out.push(`<line x1="${PLOT.left}" y1="${y}" x2="${PLOT.right}" y2="${y}" stroke="${t.label ? '#dcdcdc' : '#f0f0f0'}"/>`);
    if (t.label) out.push(`<text x="${PLOT.left - 8}" y="${y}" dy="0.32em" text-anchor="end">${escapeXml(t.label)}</text>`);
  }
  out.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.height}" fill="none" stroke="#888"/>`);
  const scaleNote = (a: AxisScale): string => (a.kind === 'log' ? ' (log scale)' : '');
  const midX = f((PLOT.left + PLOT.right) / 2);
  const midY = f(PLOT.top + PLOT.height / 2);
  out.push(
    `<text x="${midX}" y="${fr.bottom + 44}" text-anchor="middle" font-size="13">${escapeXml(spec.xTitle + scaleNote(fr.x))}</text>`,
  );
  out.push(
    `<text x="20" y="${midY}" text-anchor="middle" font-size="13" transform="rotate(-90 20 ${midY})">${escapeXml(spec.yTitle + scaleNote(fr.y))}</text>`,
  );
  return out;
}

function seriesMarks(s: ChartSeries, fr: Frame): string[] {
  const out: string[] = [];
  const pts = [...s.points].sort((a, b) => a.x - b.x);
  const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
  const line = pts.map((p) => `${f(fr.px(p.x))},${f(fr.py(p.y))}`).join(' ');
  out.push(`<polyline points="${line}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`);
  for (const p of pts) {
    if (p.lo !== undefined && p.hi !== undefined && p.hi > p.lo) {
      const x = f(fr.px(p.x));
      out.push(
        `<line x1="${x}" y1="${f(fr.py(p.lo))}" x2="${x}" y2="${f(fr.py(p.hi))}" stroke="${s.color}" stroke-width="1.2" opacity="0.7"/>`,
      );
    }
  }
  for (const p of pts) out.push(chartMarker(s.marker, fr.px(p.x), fr.py(p.y), s.color));
  return out;
}

function legend(series: readonly ChartSeries[]): string[] {
  const x = PLOT.right + 18;
  return series.flatMap((s, i) => {
    const y = PLOT.top + 10 + i * 22;
    const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
    return [
      `<line x1="${x}" y1="${y}" x2="${x + 28}" y2="${y}" stroke="${s.color}" stroke-width="2"${dash}/>`,
      chartMarker(s.marker, x + 14, y, s.color),
      `<text x="${x + 36}" y="${y}" dy="0.32em">${escapeXml(s.label)}</text>`,
    ];
  });
}

/**
 * Renders a line chart as a standalone SVG document: title, axes with ticks
 * (log or linear, see axisScale), one polyline with markers and p10–p90
 * whiskers per series, a legend, and a wrapped caption. Pure and
 * deterministic: the same spec always yields the same bytes, so a regenerated
 * chart only shows up in a diff when its numbers changed.
 */
export function lineChart(spec: LineChartSpec): string {
  const fr = frameFor(spec);
  const caption = (spec.caption ?? []).flatMap((p) => wrapText(p, CAPTION_CHARS));
  const captionTop = fr.bottom + 74;
  const height = captionTop + caption.length * CAPTION_LINE + 12;
  const body = [
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="${PLOT.left}" y="28" font-size="17" font-weight="bold">${escapeXml(spec.title)}</text>`,
    ...(spec.subtitle ? [`<text x="${PLOT.left}" y="50" fill="#555">${escapeXml(spec.subtitle)}</text>`] : []),
    ...axes(spec, fr),
    ...(spec.series.length === 0
      ? [
          `<text x="${f((PLOT.left + PLOT.right) / 2)}" y="${f(PLOT.top + PLOT.height / 2)}" text-anchor="middle" fill="#888">no data</text>`,
        ]
      : []),
    ...spec.series.flatMap((s) => seriesMarks(s, fr)),
    ...legend(spec.series),
    ...caption.map((line, i) => `<text x="16" y="${captionTop + i * CAPTION_LINE}" fill="#444">${escapeXml(line)}</text>`),
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT} font-size="12">`,
    `<title>${escapeXml(spec.title)}</title>`,
    ...body.map((el) => `  ${el}`),
    '</svg>',
    '',
  ].join('\n');
}
