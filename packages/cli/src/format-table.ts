import { terminalSafe } from './terminal-safe.ts';

/**
 * Rows as aligned columns under a header, two spaces apart; the columns in
 * `right` (numbers) are right-aligned. The last column is not padded. Cells
 * come from data, so each is made terminal-safe (a newline in a thread id
 * would break the row; an escape sequence would act on the terminal).
 */
export function formatTable(header: string[], rows: string[][], options: { right?: number[] } = {}): string {
  const right = new Set(options.right ?? []);
  const all = [header, ...rows].map((row) => row.map((cell) => terminalSafe(cell)));
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return all.map(line).join('\n') + '\n';
}
