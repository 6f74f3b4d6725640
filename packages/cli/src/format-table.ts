/**
 * Rows as aligned columns under a header, two spaces apart; the columns in
 * `right` (numbers) are right-aligned. The last column is not padded.
 */
export function formatTable(header: string[], rows: string[][], options: { right?: number[] } = {}): string {
  const right = new Set(options.right ?? []);
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return all.map(line).join('\n') + '\n';
}
