import { versionsProblem, type Agent, type AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { StudioError } from '../errors.ts';

/** Checks the `versions` given for a target (see @weft/agents' versionsProblem), as a StudioError. */
export function checkTargetVersions(caller: string, target: Agent | AnyCompiledGraph, versions: AgentGraphVersions | undefined): void {
  const problem = versionsProblem(target, versions);
  if (problem) throw new StudioError('INVALID_ARGUMENT', `${caller}: ${problem}`);
}
