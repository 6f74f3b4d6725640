import { MemoryError } from '../errors.ts';
import type { JsonValue } from './memory-item.ts';

/** The default of a bank's `maxValueBytes`: the UTF-8 length of a value's JSON text. */
export const DEFAULT_MAX_VALUE_BYTES = 64 * 1024;
/** Deeper than this, a value is refused: filters and search walk it. */
const MAX_DEPTH = 32;

/**
 * Checks that `value` is plain JSON and small enough, and returns its JSON
 * text (what a bank stores). Refuses what JSON.stringify would change
 * silently: undefined, functions, symbols, NaN and infinities, bigints,
 * class instances (a Date, a Map), cycles.
 */
export function checkValue(value: unknown, maxBytes: number, where: string): string {
  const problem = jsonProblem(value, [], 0);
  if (problem) throw new MemoryError('INVALID_VALUE', `${where}: the value must be plain JSON: ${problem}`);
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes)
    throw new MemoryError(
      'VALUE_TOO_LARGE',
      `${where}: the value's JSON is ${bytes} bytes; this bank keeps at most ${maxBytes} (its maxValueBytes)`,
      {
        details: { bytes, maxBytes },
      },
    );
  return text;
}

/** A JSON value back from the text checkValue returned. */
export const parseValue = (text: string): JsonValue => JSON.parse(text) as JsonValue;

function jsonProblem(value: unknown, ancestors: object[], depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${String(value)} is not a JSON number`;
  if (typeof value !== 'object') return `a ${typeof value} is not JSON`;
  if (depth >= MAX_DEPTH) return `it is nested deeper than ${MAX_DEPTH} levels`;
  if (ancestors.includes(value)) return 'it refers to itself';
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null)
    return `a ${(value as object).constructor?.name ?? 'class'} instance is not JSON (convert it first)`;
  ancestors.push(value);
  try {
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      const problem = jsonProblem(item, ancestors, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  } finally {
    ancestors.pop();
  }
}
