import type { CliIo } from './cli-io.ts';
import type { OpenedStore } from './open-store.ts';
import { shellQuote } from './shell-quote.ts';
import { weftLauncher } from './weft-launcher.ts';

/** An option of a printed command: `['--take-over']`, or `['--value', '{"approved":true}']`. */
export type PrintedOption = readonly [name: string, value?: string];

/**
 * What a printed command must reach: weft as the person starts it in their
 * shell (weftLauncher: `weft`, `npx weft`, …), and the store, repeated with
 * `--store` when the command line named it.
 */
export interface CommandReach {
  launcher: readonly string[];
  opened?: OpenedStore | undefined;
}

/** The reach of the running command: its environment's launcher, and its store if it opened one. */
export const commandReach = (io: Pick<CliIo, 'env'>, opened?: OpenedStore): CommandReach => ({
  launcher: weftLauncher(io.env),
  ...(opened ? { opened } : {}),
});

/**
 * A `weft` command line for people to paste, quoted for a shell: the words
 * that start weft here (`npx weft` when weft ran through npm, …), the
 * command, its options (with `--store` when the store was named on the
 * command line, so the command reaches the same one), then `--`, then the
 * positional arguments. After `--` nothing is read as an option, so a
 * thread id such as `--store=memory` or `-x` arrives as the thread id. An
 * option value that starts with `-` is joined to its name
 * (`--interrupt=-x#0`): the parser would refuse it as a separate word.
 *
 * Every command weft prints is written here, or starts with launcherText
 * when it is a template with placeholders (`-- <thread>`).
 */
export function printedCommand(
  command: string,
  options: readonly PrintedOption[],
  positionals: readonly string[],
  reach: CommandReach,
): string {
  const words = [launcherText(reach), command];
  const all = reach.opened?.explicit ? [...options, ['--store', reach.opened.spec] as const] : options;
  for (const [name, value] of all) {
    if (value === undefined) words.push(name);
    else if (value.startsWith('-')) words.push(shellQuote(`${name}=${value}`));
    else words.push(name, shellQuote(value));
  }
  if (positionals.length) words.push('--', ...positionals.map(shellQuote));
  return words.join(' ');
}

/** The words that start weft, quoted for a shell: `weft`, `npx weft`, `npx -y pnpm@10.34.9 weft`. */
export const launcherText = (reach: Pick<CommandReach, 'launcher'>): string => reach.launcher.map(shellQuote).join(' ');
