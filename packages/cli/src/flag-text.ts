import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { CliError, usageError } from './errors.ts';

/** The text a JSON flag stands for, and how to name where it came from in an error. */
export interface FlagText {
  text: string;
  /** `--input`, `--input @order.json` or `--input - (stdin)`. */
  source: string;
  /** The file it was read from, if any. */
  file?: string;
}

/**
 * What `--input`, `--value` or `--values` was given: the text itself, or
 * read from a file (`@order.json`, relative to the working folder) or from
 * standard input (`-`). Neither `@` nor a lone `-` starts a JSON text, so
 * nothing a person could mean as JSON is read differently.
 */
export async function flagText(flag: string, value: string, io: CliIo): Promise<FlagText> {
  if (value === '-') {
    if (!io.readStdin) throw usageError(`${flag} -: there is no standard input to read here`, `pass the JSON itself, or ${flag} @<file>`);
    return { text: await io.readStdin(), source: `${flag} - (stdin)` };
  }
  if (!value.startsWith('@')) return { text: value, source: flag };
  const file = resolve(io.cwd, value.slice(1));
  try {
    return { text: await readFile(file, 'utf8'), source: `${flag} ${value}`, file };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new CliError(
      'FILE_UNREADABLE',
      `${flag} ${value}: cannot read ${file} (${code === 'ENOENT' ? 'no such file' : (err as Error).message})`,
      `check the path (relative to the current folder); ${flag} takes JSON, @<file> or - (standard input)`,
      { cause: err },
    );
  }
}
