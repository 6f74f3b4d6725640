import type { OpenedStore } from './open-store.ts';
import { shellQuote } from './shell-quote.ts';

/** An option of a printed command: `['--take-over']`, or `['--value', '{"approved":true}']`. */
export type PrintedOption = readonly [name: string, value?: string];

/**
 * A `weft` command line for people to paste, quoted for a shell: the options
 * first (with `--store` when the store was named on the command line, so the
 * command reaches the same one), then `--`, then the positional arguments.
 * After `--` nothing is read as an option, so a thread id such as
 * `--store=memory` or `-x` arrives as the thread id. An option value that
 * starts with `-` is joined to its name (`--interrupt=-x#0`): the parser
 * would refuse it as a separate word.
 */
export function printedCommand(
  command: string,
  options: readonly PrintedOption[],
  positionals: readonly string[],
  opened?: OpenedStore,
): string {
  const words = ['weft', command];
  const all = opened?.explicit ? [...options, ['--store', opened.spec] as const] : options;
  for (const [name, value] of all) {
    if (value === undefined) words.push(name);
    else if (value.startsWith('-')) words.push(shellQuote(`${name}=${value}`));
    else words.push(name, shellQuote(value));
  }
  if (positionals.length) words.push('--', ...positionals.map(shellQuote));
  return words.join(' ');
}
