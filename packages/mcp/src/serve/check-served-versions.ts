import { runTargetKind, type Agent, type AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { McpError } from '../errors.ts';

/** What `versions` may hold: what `new Runner({ versions })` takes. */
const KEYS = ['version', 'migrations', 'onGraphMismatch', 'patches'];

/**
 * Checks the `versions` given for the served target: an object of what a
 * Runner's `versions` takes (its values are checked when the agent
 * compiles), for an agent only — a compiled graph carries its own
 * (`compile({ version, migrations })`), and versions given beside it would
 * be silently unused.
 */
export function checkServedVersions(caller: string, target: Agent | AnyCompiledGraph, versions: AgentGraphVersions | undefined): void {
  if (versions === undefined) return;
  const bad = (message: string) => new McpError('INVALID_ARGUMENT', `${caller}: ${message}`);
  if (versions === null || typeof versions !== 'object' || Array.isArray(versions))
    throw bad('versions must be an object: { version, migrations, onGraphMismatch, patches }, as new Runner({ versions }) takes');
  const unknown = Object.keys(versions).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) throw bad(`versions takes ${KEYS.join(', ')}; it has ${unknown.map((k) => JSON.stringify(k)).join(', ')}`);
  if (runTargetKind(target) === 'graph')
    throw bad(
      'versions is for an agent target; a compiled graph carries its own: compile({ version, migrations, onGraphMismatch, patches })',
    );
}
