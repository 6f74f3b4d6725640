import { formatMemory } from './format-memory.ts';
import type { CellMemory } from './memory-probe.ts';
import { PEER_IDS, WEFT_IDS, type FrameworkId, type ShapeId, type Stats } from './types.ts';

/**
 * A measured cell (`note` when the shape was composed in user code), a failed
 * one, or one the framework cannot express (`notApplicable`, printed `n/a: <error>`).
 */
export type Cell =
  | {
      framework: FrameworkId;
      ok: true;
      perStepUs: Stats;
      runMs: Stats;
      samples: number;
      bytesPerStep?: number;
      /** Peak RSS, heap growth and the leak check (absent in results files written before they existed). */
      memory?: CellMemory;
      note?: string;
      summary?: string;
    }
  | { framework: FrameworkId; ok: false; error: string; notApplicable?: true };

export interface ShapeResult {
  shape: ShapeId;
  title: string;
  size: number;
  steps: number;
  cells: Cell[];
  /**
   * The same shape measured again in two fresh processes, one loading Weft
   * from src/ and one from dist/ (the built JavaScript): their `baseline`,
   * `weft` and `weft-ckpt` cells (weft-passes.ts). Absent when only the
   * sources were measured, in this process.
   */
  passes?: { source: Cell[]; dist: Cell[] };
}

/** Width of the framework column ('openai-agents' is the longest id). */
const COL = 14;
/** A µs or ms figure: 2 decimals under 10, 1 under 100, none above; shared with the Markdown file and the curves. */
export const fmt = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const pad = (s: string, w: number): string => s.padEnd(w);
const lpad = (s: string, w: number): string => s.padStart(w);
// Ratios far below 1 would all print as 0.00x with two decimals.
export const ratio = (r: number): string => `${r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}x`;

/** Each Weft column's median over each peer's (and over the faster peer's); < 1 means Weft is faster. */
export function ratios(result: ShapeResult): string {
  const median = (id: FrameworkId): number | undefined => {
    const c = result.cells.find((x) => x.framework === id);
    return c?.ok ? c.perStepUs.median : undefined;
  };
  // A peer measured through user-code composition is marked with '*'.
  const peers = PEER_IDS.flatMap((id) => {
    const c = result.cells.find((x) => x.framework === id);
    return c?.ok ? [{ id: c.note ? `${id}*` : id, m: c.perStepUs.median }] : [];
  });
  const lines = WEFT_IDS.filter((w) => result.cells.some((c) => c.framework === w)).map((w) => {
    const mine = median(w);
    if (mine === undefined) {
      const cell = result.cells.find((c) => c.framework === w);
      return `${w} ratios: n/a (${cell && !cell.ok && cell.notApplicable ? `${w} cannot run this shape` : `${w} failed`})`;
    }
    if (peers.length === 0) return `${w} ratios: n/a (no peer succeeded)`;
    const parts = peers.map(({ id, m }) => `${w}/${id} ${ratio(mine / m)}`);
    const fastest = peers.reduce((x, y) => (y.m < x.m ? y : x));
    parts.push(`${w}/faster peer (${fastest.id}) ${ratio(mine / fastest.m)}`);
    return `${parts.join('  ')}   (<1 = weft faster)`;
  });
  if (lines.length && peers.some((p) => p.id.endsWith('*')))
    lines.push('* composed in user code: the framework has no primitive for this shape');
  return lines.length ? lines.join('\n') : 'weft not run';
}

export function formatShape(result: ShapeResult): string {
  const showBytes = result.cells.some((c) => c.ok && c.bytesPerStep !== undefined);
  const head = [pad('framework', COL), lpad('median', 10), lpad('p10', 10), lpad('p90', 10), lpad('run ms', 10), lpad('n', 5)];
  if (showBytes) head.push(lpad('bytes/step', 12));
  const lines = [
    `\n## ${result.shape}: ${result.title}`,
    `   size ${result.size}, ${result.steps} steps per run; per-step µs`,
    head.join(' '),
  ];
  for (const c of result.cells) {
    if (!c.ok) {
      const what = c.notApplicable ? 'n/a' : 'error';
      lines.push(`${pad(c.framework, COL)} ${what}: ${c.error.split('\n')[0]?.slice(0, 110) ?? ''}`);
      continue;
    }
    const row = [
      pad(c.framework, COL),
      lpad(fmt(c.perStepUs.median), 10),
      lpad(fmt(c.perStepUs.p10), 10),
      lpad(fmt(c.perStepUs.p90), 10),
      lpad(fmt(c.runMs.median), 10),
      lpad(String(c.samples), 5),
    ];
    if (showBytes) row.push(lpad(c.bytesPerStep === undefined ? '-' : c.bytesPerStep.toFixed(0), 12));
    if (c.note) row.push(` * ${c.note}`);
    lines.push(row.join(' '));
  }
  for (const c of result.cells) if (c.ok && c.summary) lines.push(`note: ${c.framework}: ${c.summary}`);
  lines.push(ratios(result));
  const memory = formatMemory(result.cells);
  if (memory) lines.push(memory);
  return lines.join('\n');
}
