import { MemoryError, type JsonValue } from '@weft/memory';
import { isStorableText } from '../storable-text.ts';

/**
 * Refuses, as INVALID_VALUE, a value whose strings or field names jsonb
 * cannot hold: a NUL character (jsonb refuses `\u0000`) or a lone surrogate
 * (refused too). Plain JSON otherwise passes: checkValue has seen the rest.
 */
export function checkStorableValue(value: JsonValue, where: string): void {
  const problem = unstorable(value);
  if (problem !== undefined)
    throw new MemoryError(
      'INVALID_VALUE',
      `${where}: the value holds ${JSON.stringify(problem.slice(0, 40))}, with a NUL character or a lone surrogate; PostgreSQL's jsonb cannot keep those: remove or replace them`,
    );
}

function unstorable(value: JsonValue): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : value;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = unstorable(v);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (!isStorableText(k)) return k;
    const found = unstorable(v);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses a namespace or key PostgreSQL's text would not keep as it is (a lone surrogate would come back as U+FFFD). */
export function checkStorableAddress(ns: string, key: string | undefined, where: string): void {
  if (!isStorableText(ns))
    throw new MemoryError(
      'INVALID_NAMESPACE',
      `${where}: a namespace segment holds a lone surrogate, which PostgreSQL cannot keep as it is`,
    );
  if (key !== undefined && !isStorableText(key))
    throw new MemoryError('INVALID_KEY', `${where}: the key holds a lone surrogate, which PostgreSQL cannot keep as it is`);
}
