import { namespaceOf, parseValue } from '@weft/memory';
import type { MemoryItem, MemoryOrigin } from '@weft/memory';

/** A row of the items table, as the bank's statements select it. */
export interface MemoryRow {
  ns: string;
  key: string;
  value: string;
  origin: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
}

/** The columns a MemoryRow reads, from the items table aliased `i`. */
export const ROW_COLUMNS = 'i.ns, i.key, i.value, i.origin, i.created_at, i.updated_at, i.expires_at';

/** The item a row holds (its value parsed again on each read: callers may change what they get). */
export function itemOfRow(row: MemoryRow): MemoryItem {
  const item: MemoryItem = {
    namespace: namespaceOf(row.ns),
    key: row.key,
    value: parseValue(row.value),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.expires_at !== null) item.expiresAt = row.expires_at;
  if (row.origin !== null) item.origin = JSON.parse(row.origin) as MemoryOrigin;
  return item;
}
