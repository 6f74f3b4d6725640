import { runTargetKind, versionsProblem, type Agent, type AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { QueueError } from './errors.ts';
import type { WeftTarget } from './weft-target.ts';

/**
 * A worker target as toRunTarget takes it: an agent or a compiled graph, and
 * for `{ agent, versions }` the agent with its Runner's versions. The entry
 * is checked here (its versions' values when the agent compiles): a graph in
 * `agent` carries its own versions (`compile({ version })`), and a key the
 * entry or its versions do not have would be silently unused.
 */
export function versionedAgent(
  name: string,
  target: WeftTarget,
): { target: Agent | AnyCompiledGraph; versions: AgentGraphVersions | undefined } {
  if (runTargetKind(target) !== undefined || target === null || typeof target !== 'object' || !('agent' in target))
    return { target: target as Agent | AnyCompiledGraph, versions: undefined };
  const bad = (message: string) =>
    new QueueError('INVALID_ARGUMENT', `new WeftWorker(): target "${name}": ${message}`, { details: { target: name } });
  const extra = Object.keys(target).filter((key) => key !== 'agent' && key !== 'versions');
  if (extra.length > 0) throw bad(`{ agent, versions } has no ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
  const kind = runTargetKind(target.agent);
  if (kind === 'graph')
    throw bad(
      '{ agent, versions } is for an agent; a compiled graph carries its own versions: compile({ version, migrations, onGraphMismatch, patches })',
    );
  if (kind !== 'agent') throw bad('{ agent, versions } needs an agent (chatModelAgent(), sequential(), …) in agent');
  const { versions } = target;
  const problem = versionsProblem(target.agent, versions === undefined ? null : versions);
  if (problem) throw bad(problem);
  return { target: target.agent, versions };
}
