import { namespaceOf, type JsonValue, type MemoryItem, type MemoryOrigin } from '@weft/memory';

/** The columns an item is read from, as `itemFromRow` takes them (`i` is the items table). */
export const ITEM_COLUMNS = 'i.ns, i.key, i.value, i.created_at, i.updated_at, i.expires_at, i.origin';

export interface ItemRow {
  ns: string;
  key: string;
  value: JsonValue;
  /** bigint: pg returns it as a string. */
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  origin: MemoryOrigin | null;
}

/** The item a row holds; pg parses jsonb afresh per query, so the value is the caller's to change. */
export function itemFromRow(row: ItemRow): MemoryItem {
  const item: MemoryItem = {
    namespace: namespaceOf(row.ns),
    key: row.key,
    value: row.value,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.expires_at !== null) item.expiresAt = Number(row.expires_at);
  if (row.origin !== null) item.origin = row.origin;
  return item;
}
