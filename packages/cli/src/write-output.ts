import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import { terminalSafe } from './terminal-safe.ts';

/** Writes a command's product to `-o <file>` (saying so on stderr, keeping stdout clean) or to stdout. */
export function writeOutput(io: CliIo, file: string | undefined, text: string, what: string): void {
  if (file === undefined) return io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  const path = resolve(io.cwd, file);
  try {
    writeFileSync(path, text);
  } catch (err) {
    throw new CliError(
      'FILE_UNWRITABLE',
      `cannot write ${path}: ${(err as Error).message}`,
      'check that the folder exists and is writable',
      { cause: err },
    );
  }
  io.stderr(`${terminalSafe(`wrote ${path} (${what})`)}\n`);
}
