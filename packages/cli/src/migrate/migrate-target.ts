import type { RunTarget } from '@weft/agents';
import type { CheckpointStore } from '@weft/graph';
import { commandTarget } from '../command-target.ts';
import type { LoadedModule } from '../load-module.ts';
import { moduleVersions } from '../module-versions.ts';

/**
 * The module's agent or graph on the command's store, as `weft migrate`
 * judges, migrates and resumes threads with it: a compiled graph as it is
 * (its own `compile({ version, migrations })` says which version it is), an
 * agent through a Runner given the module's `versions` export (see
 * moduleVersions), as `weft run` and `weft resume` run it. `target.graph`
 * is the graph threads are checked against.
 */
export async function migrateTarget(loaded: LoadedModule, store: CheckpointStore): Promise<RunTarget> {
  const { toRunTarget } = await import('@weft/agents');
  const versions = moduleVersions(loaded);
  return toRunTarget(commandTarget(loaded, store), { store, caller: 'weft migrate', ...(versions ? { versions } : {}) });
}
