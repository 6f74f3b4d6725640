import { truncate } from './truncate.ts';

/**
 * A value on one line for event output: strings as they are (a tool's text
 * result reads best bare), anything else as compact JSON, cut at `max`.
 */
export function formatValue(value: unknown, max = 200): string {
  if (value === undefined) return '(nothing)';
  if (typeof value === 'string') return truncate(value, max);
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
  } catch {
    text = String(value);
  }
  return truncate(text, max);
}
