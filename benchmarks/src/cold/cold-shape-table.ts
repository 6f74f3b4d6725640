import { markdownTable } from '../harness/markdown-table.ts';
import { fmt } from '../harness/report.ts';
import type { ColdShape } from './cold-shape.ts';
import { coldColumn } from './cold-column.ts';

/** A cell's error or reason, on one line and short enough for a table. */
const brief = (text: string): string => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};

/**
 * One shape's cold table (Markdown, also printed as is): a row per framework
 * column (per origin for Weft's), with run #1 and the first N after W per
 * step, the import and the factory call, and their sum with run #1 (what a
 * fresh process waits for its first result, after its own start-up, which
 * is the last column). A cell that failed or cannot run the shape says so in
 * `note`; `*` marks a shape composed in user code.
 */
export function coldShapeTable(shape: ColdShape): string {
  const n = `first ${shape.first} (after ${shape.warmup})`;
  const head = [
    'framework',
    'first run µs/step',
    `${n} median µs/step`,
    `${n} p90 µs/step`,
    'import ms',
    'setup ms',
    'import+setup+run 1 ms',
    'start ms',
    'note',
  ];
  const rows = shape.cells.map((c) => {
    if (!c.ok) return [coldColumn(c), c.notApplicable ? 'n/a' : 'error', '', '', '', '', '', '', brief(c.error)];
    return [
      `${coldColumn(c)}${c.note ? '*' : ''}`,
      fmt(c.firstRunUs),
      fmt(c.firstN.median),
      fmt(c.firstN.p90),
      fmt(c.importMs),
      fmt(c.setupMs),
      fmt(c.importMs + c.setupMs + c.firstRunMs),
      fmt(c.startMs),
      c.note ? `* ${brief(c.note)}` : '',
    ];
  });
  return markdownTable(
    head,
    rows,
    head.map((_, i) => (i === 0 || i === head.length - 1 ? 'l' : 'r')),
  );
}
