import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { usageError } from './errors.ts';

/**
 * The folder whose modules `weft resume` loads without being told:
 * `$WEFT_PROJECT` when set (relative to the working folder), else the
 * nearest folder, from the working folder up, that holds a package.json (a
 * module that imports @weft needs one), else the working folder itself.
 * Symlinks are resolved, so the answer is a real path.
 *
 * Not the nearest `.weft` folder: that is wherever a store was created, so a
 * store made in a subfolder would make it a project of its own that refuses
 * its parent's modules.
 */
export function projectRoot(io: Pick<CliIo, 'cwd' | 'env'>): string {
  const named = io.env['WEFT_PROJECT'];
  if (named !== undefined && named !== '') {
    const dir = resolve(io.cwd, named);
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw usageError(`WEFT_PROJECT ${JSON.stringify(named)} is not a folder`, 'set it to the project folder, or unset it');
    return realpathSync(dir);
  }
  const start = realpathSync(io.cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/**
 * Where `file` (a real path) lies relative to `root` (a real path): its path
 * inside, or undefined when it is outside. Files under node_modules count
 * as outside: they are packages' files, not the project's modules, and some
 * (a package's bin script) act as soon as they are imported.
 */
export function pathInside(root: string, file: string): string | undefined {
  if (!liesIn(root, file)) return undefined;
  const rel = relative(root, file);
  if (rel.split(sep).includes('node_modules')) return undefined;
  return rel;
}

/** Whether `file` lies in `folder` or below it (both real paths): not the folder itself, nothing reached by `..`. */
export function liesIn(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel !== '' && !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`);
}
