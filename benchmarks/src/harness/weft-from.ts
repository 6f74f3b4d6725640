/** Where `@weft/*` resolves: src/*.ts or dist/*.js. */
export type WeftCopy = 'source' | 'dist';

/** What a run measures Weft from (`--from`): one copy, or both side by side. */
export const WEFT_FROM = ['source', 'dist', 'both'] as const;
export type WeftFrom = (typeof WEFT_FROM)[number];

/** The export condition the workspace packages point at src/ (pnpm scripts set it through NODE_OPTIONS, from .npmrc). */
export const SOURCE_CONDITION = '@weft/source';

/**
 * Which copy of Weft this process loads: with the `@weft/source` condition
 * `@weft/graph` is src/index.ts; without it, dist/index.js, the built
 * JavaScript a user installs.
 */
export function weftFrom(): WeftCopy {
  const url = import.meta.resolve('@weft/graph');
  if (url.endsWith('/src/index.ts')) return 'source';
  if (url.endsWith('/dist/index.js')) return 'dist';
  throw new Error(`@weft/graph resolves to ${url}, neither src/index.ts nor dist/index.js`);
}

/** Node options without the `@weft/source` condition (`--conditions=…`, `-C=…`, or either with the value as the next item). */
export function withoutSourceCondition(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--conditions=${SOURCE_CONDITION}` || arg === `-C=${SOURCE_CONDITION}`) continue;
    if ((arg === '--conditions' || arg === '-C') && args[i + 1] === SOURCE_CONDITION) {
      i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

/**
 * NODE_OPTIONS for a child process that loads Weft from `from`: the given
 * options (this process's by default) with the `@weft/source` condition for
 * `source`, stripped of it for `dist`.
 */
export function nodeOptionsFor(from: WeftCopy, options: string = process.env.NODE_OPTIONS ?? ''): string {
  const rest = withoutSourceCondition(options.split(/\s+/).filter(Boolean));
  return (from === 'source' ? [...rest, `--conditions=${SOURCE_CONDITION}`] : rest).join(' ');
}
