import type { ColdCell } from './cold-cell.ts';

/** A cold table's row name: the framework, and for Weft's columns where Weft was loaded from. */
export function coldColumn(cell: ColdCell): string {
  if (!cell.from) return cell.framework;
  return `${cell.framework} (${cell.from === 'source' ? 'src' : 'dist'})`;
}
