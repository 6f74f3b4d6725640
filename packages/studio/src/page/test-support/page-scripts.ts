import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

/**
 * Some of the page's browser scripts run in a fresh Node context, as the page
 * inlines them (one scope, in order), with the given globals standing in for
 * the browser's; returns the named declarations. For the scripts' pure parts
 * (the SSE parser, the schema check) and their I/O against fakes.
 */
export function pageScripts<T>(files: readonly string[], names: readonly string[], globals: Record<string, unknown> = {}): T {
  const code = files.map((f) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8')).join('\n');
  return runInNewContext(`${code}\n;({ ${names.join(', ')} })`, { ...globals }) as T;
}
