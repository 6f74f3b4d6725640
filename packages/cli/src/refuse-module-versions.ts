import { CliError } from './errors.ts';
import type { LoadedModule } from './load-module.ts';
import { moduleVersions } from './module-versions.ts';

/**
 * Refuses an agent module that exports `versions` (VERSIONS_NOT_SERVED)
 * where the command hands the agent to a host that readies its own Runner
 * without them: the Studio (`weft serve`, `weft dev`), an MCP server
 * (`weft mcp`), a queue worker (`weft worker`). Run there, the module's
 * threads would be written without its label and older versions' threads
 * would meet no migration — threads `weft run`, `resume` and `migrate`
 * (which pass the versions) then judge as another version's. A graph module
 * carries its versions in its compile options and passes.
 */
export function refuseModuleVersions(command: string, loaded: LoadedModule, host: string): void {
  if (moduleVersions(loaded) === undefined) return;
  throw new CliError(
    'VERSIONS_NOT_SERVED',
    `${command}: ${loaded.path} exports "versions" for its agent, and ${host} runs agents without a Runner's versions: its threads would miss the label and migrations that weft run and weft resume give them`,
    'weft run and weft resume apply the versions; a graph module (compile({ version, migrations })) is served with its own',
  );
}
