/** Longer values are cut: a reason is one sentence in a report's table. */
const MAX_CHARS = 120;

/**
 * A value as a reason shows it: JSON (strings quoted, so `"42"` and `42`
 * read differently), cut to 120 characters with `…`.
 *
 * @example
 * showValue('Paris'); // '"Paris"'
 * showValue({ city: 'Oslo' }); // '{"city":"Oslo"}'
 */
export function showValue(value: unknown): string {
  let text: string;
  if (value === undefined) text = 'undefined';
  else if (typeof value === 'function') text = `a function ${value.name || '(anonymous)'}`;
  else if (typeof value === 'bigint') text = `${value}n`;
  else if (typeof value === 'number')
    text = String(value); // JSON would write NaN and Infinity as null
  else if (value instanceof RegExp) text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}
