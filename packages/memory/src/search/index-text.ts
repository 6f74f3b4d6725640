import { fieldAt } from '../filter/match-filter.ts';
import type { JsonValue } from '../item/memory-item.ts';

/**
 * What `put`'s `index` option says to search an item by: `true` (the
 * default) every string in the value, a list of fields (dotted paths) only
 * those, `false` nothing (the item is found by list and filters only).
 */
export type IndexOption = boolean | readonly string[];

/** The text an item is searched by (keywords and embedding), or undefined when it has none. */
export function indexText(value: JsonValue, index: IndexOption = true): string | undefined {
  if (index === false) return undefined;
  const parts: string[] = [];
  if (index === true) strings(value, parts);
  else
    for (const field of index) {
      const at = fieldAt(value, field.split('.'));
      if (at !== undefined) strings(at, parts);
    }
  const text = parts.join('\n');
  return text === '' ? undefined : text;
}

function strings(value: JsonValue, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) strings(v, out);
}
