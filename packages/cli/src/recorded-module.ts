import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { liesIn, pathInside, projectRoot } from './project-root.ts';

/**
 * How `weft run` saves the module it ran, for `weft resume` to load again:
 * its path relative to the project root (with `/`), so the thread still
 * resumes when the project moves or is checked out elsewhere; a module
 * outside the project is saved as its absolute path (and resume then loads
 * it only when `--module` names it).
 */
export function recordedModulePath(file: string, io: Pick<CliIo, 'cwd' | 'env'>): string {
  const root = projectRoot(io);
  const inside = existsSync(file) ? pathInside(root, realpathSync(file)) : undefined;
  return inside === undefined ? file : inside.split(sep).join('/');
}

/** The module a thread names, checked before anything is imported. */
export type RecordedModuleCheck =
  | { ok: true; file: string }
  | { ok: false; file: string; reason: 'missing' | 'outside'; root: string }
  | { ok: false; file: string; reason: 'store'; folder: string };

/** The folder weft keeps its stores in by default (`.weft/weft.db`). */
const STORE_FOLDER = '.weft';

/**
 * Resolves the module a thread's checkpoint names (relative to the project
 * root, or absolute) and says whether `weft resume` may load it by itself:
 * only a file that exists and whose real path (symlinks and `..` resolved)
 * lies inside the project, outside node_modules, and outside the store's
 * folders. Whoever can write the store writes this path: it must not choose
 * a file for this machine to run. And whoever can write a SQLite store can
 * write files beside it (SQLite makes its journal there), so a path into
 * that folder, or into a `.weft` folder, where the stores live, would let
 * a store's writers choose the code all the same.
 */
export function checkRecordedModule(recorded: string, io: Pick<CliIo, 'cwd' | 'env'>, storeFile: string | undefined): RecordedModuleCheck {
  const root = projectRoot(io);
  const file = isAbsolute(recorded) ? recorded : resolve(root, ...recorded.split('/'));
  if (!existsSync(file)) return { ok: false, file, reason: 'missing', root };
  const real = realpathSync(file);
  const inside = pathInside(root, real);
  if (inside === undefined) return { ok: false, file, reason: 'outside', root };
  const folder = storeFolder(real, storeFile) ?? weftFolder(root, inside);
  if (folder !== undefined) return { ok: false, file, reason: 'store', folder };
  return { ok: true, file: real };
}

/** The folder of the SQLite store file, when `real` lies in it (or below). */
function storeFolder(real: string, storeFile: string | undefined): string | undefined {
  if (storeFile === undefined) return undefined;
  const folder = dirname(storeFile);
  return liesIn(existsSync(folder) ? realpathSync(folder) : folder, real) ? folder : undefined;
}

/** The `.weft` folder that `inside` (a path inside the project) lies in, if any. */
function weftFolder(root: string, inside: string): string | undefined {
  const parts = inside.split(sep);
  const at = parts.slice(0, -1).indexOf(STORE_FOLDER);
  return at < 0 ? undefined : join(root, ...parts.slice(0, at + 1));
}

/** The module's path when it lies outside the project (printed resume commands then name it with --module), else undefined. */
export function outsideProject(file: string, io: Pick<CliIo, 'cwd' | 'env'>): string | undefined {
  return isAbsolute(recordedModulePath(file, io)) ? file : undefined;
}
