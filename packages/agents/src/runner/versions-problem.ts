import type { AnyCompiledGraph } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import type { AgentGraphVersions } from '../compile/compile-agent-graph.ts';
import { runTargetKind } from './run-target-kind.ts';

/** What `versions` may hold: what `new Runner({ versions })` passes to its graph's compile(). */
const KEYS: readonly (keyof AgentGraphVersions)[] = ['version', 'migrations', 'onGraphMismatch', 'patches'];

/**
 * What is wrong with the `versions` a host was given for a target, if
 * anything: they must be an object of what a Runner's `versions` takes (its
 * values are checked when the agent compiles), for an agent only — a
 * compiled graph carries its own (`compile({ version, migrations })`), and
 * versions beside it would go unused. Hosts (toRunTarget, the Studio, an MCP
 * server, a queue worker) turn the answer into their own typed error.
 *
 * @example
 * const problem = versionsProblem(target, options.versions);
 * if (problem) throw new StudioError('INVALID_ARGUMENT', `createStudio(): ${problem}`);
 */
export function versionsProblem(target: Agent | AnyCompiledGraph, versions: unknown): string | undefined {
  if (versions === undefined) return undefined;
  if (versions === null || typeof versions !== 'object' || Array.isArray(versions))
    return 'versions must be an object: { version, migrations, onGraphMismatch, patches }, as new Runner({ versions }) takes';
  const unknown = Object.keys(versions).filter((key) => !(KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) return `versions takes ${KEYS.join(', ')}; it has ${unknown.map((k) => JSON.stringify(k)).join(', ')}`;
  if (runTargetKind(target) === 'graph')
    return 'versions is for an agent target; a compiled graph carries its own: compile({ version, migrations, onGraphMismatch, patches })';
  return undefined;
}
