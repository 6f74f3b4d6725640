import { resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import { loadModule, type LoadedModule } from './load-module.ts';
import type { PrintedOption } from './printed-command.ts';
import type { ThreadHead } from './read-thread-head.ts';
import { checkRecordedModule } from './recorded-module.ts';
import { resumeCommand, type ResumeTarget } from './resume-command.ts';

export interface ResumeModuleFlags {
  module?: string | undefined;
  export?: string | undefined;
}

/**
 * The module `weft resume` runs: the one `--module` names (the operator's
 * choice, loaded as it is), else the one the thread recorded, but only when
 * that file lies inside the project and outside the store's folder (see
 * `checkRecordedModule`): the path comes from the store, and importing a
 * module runs its code. Anything else
 * is refused before it is imported, with the command that loads it on
 * purpose. `repeat` are the options the person gave, for that command;
 * `again` writes that command for another command than resume (replay).
 */
export async function resumeModule(
  head: ThreadHead,
  flags: ResumeModuleFlags,
  io: Pick<CliIo, 'cwd' | 'env'>,
  target: ResumeTarget,
  repeat: readonly PrintedOption[],
  again?: (module: string) => string,
): Promise<LoadedModule> {
  const exportName = flags.export ?? head.recorded?.export;
  if (flags.module !== undefined) return loadModule(resolve(io.cwd, flags.module), exportName);
  const threadId = head.entry.threadId;
  const deliberately = (file: string) => again?.(file) ?? resumeCommand(threadId, [], { ...target, module: file }, repeat);
  if (head.recorded === undefined)
    throw new CliError(
      'MODULE_NOT_RECORDED',
      `thread "${threadId}" was not started by weft run: its checkpoints name no module`,
      `name the agent or graph module: ${deliberately('<file>')}`,
    );
  const checked = checkRecordedModule(head.recorded.module, io, target.opened.file);
  if (checked.ok) return loadModule(checked.file, exportName);
  if (checked.reason === 'store')
    throw new CliError(
      'MODULE_IN_STORE_FOLDER',
      `thread "${threadId}" names the module ${checked.file}, which is not loaded: it lies in the folder of the store (${checked.folder}), and whoever can write the store can put a file there`,
      `pass the module explicitly: ${deliberately(checked.file)}`,
      { details: { module: checked.file, folder: checked.folder } },
    );
  if (checked.reason === 'missing')
    throw new CliError(
      'RECORDED_MODULE_MISSING',
      `thread "${threadId}" was started from ${head.recorded.module}, which does not exist in this project (${checked.file})`,
      `restore the file, or name the same agent or graph: ${deliberately('<file>')}`,
    );
  throw new CliError(
    'MODULE_OUTSIDE_PROJECT',
    `thread "${threadId}" names the module ${checked.file}, which is not loaded: it lies outside this project (${checked.root}) or under node_modules, and the module a thread names comes from the store, whose writers must not choose code for this machine to run`,
    `if you trust that file, load it deliberately: ${deliberately(checked.file)}`,
    { details: { module: checked.file, root: checked.root } },
  );
}
