import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { pathInside, projectRoot } from './project-root.ts';

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
export type RecordedModuleCheck = { ok: true; file: string } | { ok: false; file: string; reason: 'missing' | 'outside'; root: string };

/**
 * Resolves the module a thread's checkpoint names (relative to the project
 * root, or absolute) and says whether `weft resume` may load it by itself:
 * only a file that exists and whose real path (symlinks and `..` resolved)
 * lies inside the project, outside node_modules. Whoever can write the store
 * writes this path: it must not choose a file for this machine to run.
 */
export function checkRecordedModule(recorded: string, io: Pick<CliIo, 'cwd' | 'env'>): RecordedModuleCheck {
  const root = projectRoot(io);
  const file = isAbsolute(recorded) ? recorded : resolve(root, ...recorded.split('/'));
  if (!existsSync(file)) return { ok: false, file, reason: 'missing', root };
  const real = realpathSync(file);
  if (pathInside(root, real) === undefined) return { ok: false, file, reason: 'outside', root };
  return { ok: true, file: real };
}

/** The module's path when it lies outside the project (printed resume commands then name it with --module), else undefined. */
export function outsideProject(file: string, io: Pick<CliIo, 'cwd' | 'env'>): string | undefined {
  return isAbsolute(recordedModulePath(file, io)) ? file : undefined;
}
