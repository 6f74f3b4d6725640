/**
 * A GitHub-flavoured Markdown table with padded columns, so the file also
 * reads well as plain text. `align` marks columns as left ('l') or right
 * ('r'); numbers read best right-aligned. Pipes and line breaks inside cells
 * are escaped or flattened so a stray error message cannot break the table.
 */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[], align: readonly ('l' | 'r')[] = []): string {
  const clean = (c: string): string => c.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
  const all = [head, ...rows].map((r) => head.map((_, i) => clean(r[i] ?? '')));
  const widths = head.map((_, i) => Math.max(3, ...all.map((r) => (r[i] ?? '').length)));
  const right = (i: number): boolean => align[i] === 'r';
  const line = (r: readonly string[]): string =>
    `| ${r.map((c, i) => (right(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (right(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  const [first, ...rest] = all;
  return [line(first ?? []), rule, ...rest.map(line)].join('\n');
}
