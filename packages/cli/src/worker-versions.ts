import { resolve } from 'node:path';
import { Runner } from '@weft/agents';
import type { CheckpointStore } from '@weft/graph';
import { commandTarget } from './command-target.ts';
import { usageError } from './errors.ts';
import type { WorkerEntry } from './load-bullmq.ts';
import { loadModule, type LoadedModule } from './load-module.ts';
import { moduleVersions } from './module-versions.ts';

/** What `weft worker` serves under one target name: its module's export and the older versions `--also` names. */
export interface WorkerVersions {
  /** The main module: it names the target, and new threads run on it. */
  main: LoadedModule;
  /** The versions oldest first, the main module's last, each on the worker's store; an agent with its module's `versions` export. */
  targets: WorkerEntry[];
  /** How the ready line names them: each graph's label, else its structure hash's first 8 digits. */
  labels: string[];
}

/**
 * Loads the module a worker serves and, from `--also`, older versions of the
 * same target (oldest first; the main module is the newest): a thread runs
 * on the version that wrote it (see @weft/bullmq's "Serving several
 * versions"). Each older module gives the export the main module serves
 * (by its name), of the same kind and name as the main module's: another
 * graph under the same target name is no version of it (USAGE). An agent
 * module's `versions` export goes with its agent (`{ agent, versions }`):
 * each version's Runner gets its own module's, so agent versions of one
 * structure are told apart by their labels.
 */
export async function loadWorkerVersions(
  cwd: string,
  paths: { main: string; also: readonly string[] },
  exportName: string | undefined,
  store: CheckpointStore,
): Promise<WorkerVersions> {
  const main = await loadModule(resolve(cwd, paths.main), exportName);
  const older: LoadedModule[] = [];
  for (const path of paths.also) older.push(await loadModule(resolve(cwd, path), main.exportName));
  const all = [...older, main];
  for (const [i, loaded] of older.entries()) {
    if (loaded.kind !== main.kind || nameOf(loaded) !== nameOf(main))
      throw usageError(
        `worker: --also ${paths.also[i]} exports ${loaded.kind} "${nameOf(loaded)}", not a version of ${main.kind} "${nameOf(main)}"`,
        `give --also older versions of ${main.kind} "${nameOf(main)}", the one ${paths.main} exports`,
      );
  }
  const targets = all.map((loaded): WorkerEntry => {
    const versions = moduleVersions(loaded);
    return loaded.kind === 'agent' && versions !== undefined ? { agent: loaded.agent, versions } : commandTarget(loaded, store);
  });
  const labels = all.map((loaded) => {
    const versions = moduleVersions(loaded);
    const graph = loaded.kind === 'graph' ? loaded.graph : new Runner({ agent: loaded.agent, ...(versions ? { versions } : {}) }).graph;
    return graph.version ?? graph.hash.slice(0, 8);
  });
  return { main, targets, labels };
}

const nameOf = (loaded: LoadedModule): string => (loaded.kind === 'agent' ? loaded.agent.name : loaded.graph.name);
