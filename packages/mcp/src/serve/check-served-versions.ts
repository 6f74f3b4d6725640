import { versionsProblem, type Agent, type AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { McpError } from '../errors.ts';

/** Checks the `versions` given for the served target (see @weft/agents' versionsProblem), as an McpError. */
export function checkServedVersions(caller: string, target: Agent | AnyCompiledGraph, versions: AgentGraphVersions | undefined): void {
  const problem = versionsProblem(target, versions);
  if (problem) throw new McpError('INVALID_ARGUMENT', `${caller}: ${problem}`);
}
