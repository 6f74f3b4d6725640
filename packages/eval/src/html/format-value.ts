/**
 * A value as a person reads it in the report: strings as they are, anything
 * else as indented JSON (`undefined` as an empty string). Not escaped: the
 * caller escapes the result for the place it goes.
 */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}
