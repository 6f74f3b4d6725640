import { runTargetKind, type Agent, type AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { QueueError } from './errors.ts';
import type { WeftTarget } from './weft-target.ts';

/** What `versions` may hold: what `new Runner({ versions })` takes. */
const VERSION_KEYS = ['version', 'migrations', 'onGraphMismatch', 'patches'];

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
  if (versions === null || typeof versions !== 'object' || Array.isArray(versions))
    throw bad('versions must be an object: { version, migrations, onGraphMismatch, patches }, as new Runner({ versions }) takes');
  const unknown = Object.keys(versions).filter((key) => !VERSION_KEYS.includes(key));
  if (unknown.length > 0)
    throw bad(`versions takes ${VERSION_KEYS.join(', ')}; it has ${unknown.map((k) => JSON.stringify(k)).join(', ')}`);
  return { target: target.agent, versions };
}
