import { usageError } from './errors.ts';

/**
 * `--session key=value` flags as session values. Values stay strings (an id
 * like `007` must not turn into 7); the first `=` splits, so values may hold `=`.
 */
export function parseSessionValues(flags: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at <= 0) throw usageError(`--session ${JSON.stringify(flag)} is not key=value`, 'write it as --session company=Acme');
    values[flag.slice(0, at)] = flag.slice(at + 1);
  }
  return values;
}
