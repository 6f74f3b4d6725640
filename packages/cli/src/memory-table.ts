import type { MemoryItem, ScoredItem } from '@weft/memory';
import { formatTable } from './format-table.ts';
import { formatTime } from './format-time.ts';
import { namespaceText } from './namespace-text.ts';
import { truncate } from './truncate.ts';

/** Characters of a value's JSON a table row shows: the rest is counted (`… (+120 chars)`); `weft memory get` shows it all. */
const VALUE_WIDTH = 60;

/**
 * Memory items as `weft memory list` and `search` print them: one row each,
 * its namespace as the command line writes it (so it can be pasted back),
 * key, times to the second in UTC (`-` for an item that never expires), the
 * value as compact JSON cut to 60 characters; with `score` (search), the
 * score to three significant digits (keyword scores among a few items can
 * be tiny: BM25 weighs a word found in most of them little).
 */
export function memoryTable(items: readonly (MemoryItem | ScoredItem)[], options: { score?: boolean } = {}): string {
  const header = ['namespace', 'key', ...(options.score ? ['score'] : []), 'updated', 'expires', 'value'];
  const rows = items.map((item) => [
    namespaceText(item.namespace),
    item.key,
    ...(options.score ? [(item as ScoredItem).score.toPrecision(3)] : []),
    formatTime(item.updatedAt),
    item.expiresAt === undefined ? '-' : formatTime(item.expiresAt),
    truncate(JSON.stringify(item.value), VALUE_WIDTH),
  ]);
  return formatTable(header, rows, options.score ? { right: [2] } : {});
}
