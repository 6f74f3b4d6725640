import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { coldMarkdown } from '../cold/cold-markdown.ts';
import type { ColdShape } from '../cold/cold-shape.ts';
import { curvesMarkdown } from '../curves/curves-markdown.ts';
import type { CurveResult } from '../curves/run-curve.ts';
import { builtVsSource } from './built-vs-source.ts';
import { markdownTable } from './markdown-table.ts';
import { fmt, formatShape, ratio, type Cell, type ShapeResult } from './report.ts';
import { FRAMEWORK_IDS, PEER_IDS, WEFT_IDS, type FrameworkId } from './types.ts';

/** The parts of a results file the Markdown needs; older files may lack any of them. */
interface ResultsDoc {
  date?: string;
  environment?: { node?: string; platform?: string; cpu?: string; cores?: number };
  versions?: Record<string, string>;
  results?: (ShapeResult & { measuredAt?: string })[];
  curves?: CurveResult[];
  cold?: ColdShape[];
}

const cellOf = (r: ShapeResult, id: FrameworkId): Cell | undefined => r.cells.find((c) => c.framework === id);

function perStepTable(results: readonly ShapeResult[]): string {
  const ids = FRAMEWORK_IDS.filter((id) => results.some((r) => cellOf(r, id)));
  const rows = results.map((r) => [
    `${r.shape} (${r.size}, ${r.steps} steps)`,
    ...ids.map((id) => {
      const c = cellOf(r, id);
      if (!c) return '';
      if (!c.ok) return c.notApplicable ? 'n/a' : 'error';
      const s = c.perStepUs;
      return `${fmt(s.median)}${c.note ? '\\*' : ''} (${fmt(s.p10)}–${fmt(s.p90)})`;
    }),
  ]);
  return markdownTable(['shape (size, steps)', ...ids], rows);
}

/** One row per (shape, Weft column): its median over each peer's, and over the faster peer's. */
function ratioTable(results: readonly ShapeResult[]): string {
  const peers = PEER_IDS.filter((id) => results.some((r) => cellOf(r, id)?.ok));
  const rows: string[][] = [];
  for (const r of results) {
    const ok = peers.flatMap((id) => {
      const c = cellOf(r, id);
      return c?.ok ? [{ id, m: c.perStepUs.median }] : [];
    });
    const fastest = ok.length ? ok.reduce((x, y) => (y.m < x.m ? y : x)) : undefined;
    for (const w of WEFT_IDS) {
      const mine = cellOf(r, w);
      if (!mine?.ok) continue;
      const vs = (m: number | undefined): string => (m === undefined ? '—' : ratio(mine.perStepUs.median / m));
      rows.push([r.shape, w, ...peers.map((id) => vs(ok.find((p) => p.id === id)?.m)), fastest ? `${vs(fastest.m)} (${fastest.id})` : '—']);
    }
  }
  const head = ['shape', 'weft column', ...peers.map((p) => `/ ${p}`), '/ faster peer'];
  return markdownTable(
    head,
    rows,
    head.map((_, i) => (i < 2 ? 'l' : 'r')),
  );
}

function builtVsSourceSection(results: readonly ShapeResult[]): string[] {
  const table = builtVsSource(results);
  if (!table) return [];
  return [
    '## Weft from dist/ vs from src/, per-step µs (dist/src < 1 = the built JavaScript is faster)',
    '',
    "Two fresh processes ran the same tables with only the baseline and Weft's columns: one loading Weft from src/ (the `@weft/source` condition), one from dist/ after `pnpm build`.",
    'The baseline runs no Weft code: its ratio between the two is the noise to read the Weft ratios against.',
    '',
    table,
    '',
  ];
}

function header(doc: ResultsDoc, date: string): string[] {
  const env = doc.environment ?? {};
  const versions = Object.entries(doc.versions ?? {}).map(([pkg, v]) => `${pkg} ${v}`);
  return [
    `# Benchmark results, ${date}`,
    '',
    `Written by \`pnpm bench\` from [\`${date}.json\`](${date}.json), which holds the raw numbers; see \`benchmarks/README.md\` for the method.`,
    `Node ${env.node ?? '?'}, ${env.platform ?? '?'}, ${env.cpu ?? '?'} × ${env.cores ?? '?'} cores. ${versions.join(', ')}.`,
    '',
  ];
}

function shapeSections(results: readonly (ShapeResult & { measuredAt?: string })[]): string[] {
  if (!results.length) return [];
  const out = [
    '## Per-step cost, µs, median (p10–p90)',
    '',
    'A step is a node execution (graph shapes), a model or tool call (agent shapes), a cycle or a turn (stateful shapes).',
    '`n/a`: the framework cannot express the shape; `error`: it failed; `*`: composed in user code. Reasons are in the per-shape output below.',
    '',
    perStepTable(results),
    '',
    '## Weft / peer ratios (< 1 = Weft faster)',
    '',
    ratioTable(results),
    '',
    ...builtVsSourceSection(results),
    '## Per shape (console output)',
    '',
  ];
  for (const r of results) {
    out.push(`### ${r.shape}`, '', `Measured ${r.measuredAt ?? 'at an unknown time'}.`, '', '```text', formatShape(r).trim(), '```', '');
  }
  return out;
}

/**
 * Writes `<date>.md` next to a results file, from that file: every shape's
 * per-step numbers and Weft/peer ratios as Markdown tables, the console
 * output of each shape (n/a reasons, notes, bytes/step), the cold table
 * (when a cold run was recorded), and the scaling curves with links to their SVG charts. Built from the merged JSON rather
 * than the current run, so an `--only` run still produces the whole day.
 */
export async function writeResultsMarkdown(jsonFile: string): Promise<string> {
  const doc = JSON.parse(await readFile(jsonFile, 'utf8')) as ResultsDoc;
  const date = path.basename(jsonFile, '.json');
  const storage = existsSync(path.join(path.dirname(jsonFile), `${date}-storage.md`))
    ? ['', '## Checkpoint storage', '', `Bytes per step, load and resume latency on every store: [${date}-storage.md](${date}-storage.md).`]
    : [];
  const text = [
    ...header(doc, date),
    ...shapeSections(doc.results ?? []),
    ...coldMarkdown(doc.cold ?? []),
    ...curvesMarkdown(doc.curves ?? []),
    ...storage,
  ].join('\n');
  const file = path.join(path.dirname(jsonFile), `${date}.md`);
  await writeFile(file, `${text.trimEnd()}\n`);
  return file;
}
