import { errorFromJSON, errorToJSON, type WeftErrorJSON } from '@weft/graph';

/**
 * A run's result as the text of a stream's `end` entry. Results are plain
 * data except `error`, a WeftError: it travels as its `toJSON()` and comes
 * back as a WeftError with the same name, code, message, details and cause.
 * Values JSON cannot carry (a BigInt, a function) are written as text rather
 * than failing the job after its run is done.
 */
export function resultToJSON(result: unknown): string {
  return jsonText(result);
}

/** The result an `end` entry holds, its `error` (if any) a WeftError again. */
export function resultFromJSON<R>(text: string): R {
  const result = JSON.parse(text) as Record<string, unknown>;
  if (result['error'] !== undefined && result['error'] !== null) result['error'] = errorFromJSON(result['error'] as WeftErrorJSON);
  return result as R;
}

/** An error as the text of a stream's `failed` entry. */
export function errorToText(err: unknown): string {
  return jsonText(errorToJSON(err));
}

/** A WeftError rebuilt from its JSON: check `code`, as for any Weft error. */

/** JSON text of any value: BigInts as decimal text, errors as their JSON, functions and symbols left out (as JSON does). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return (
      JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Error ? errorToJSON(v) : v)) ??
      'null'
    );
  }
}
