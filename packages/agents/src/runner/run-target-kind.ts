import { CompiledGraph, type AnyCompiledGraph } from '@weft/graph';
import { isAgent } from '../agents/agent.ts';

/**
 * What `toRunTarget` would make of `value` — an agent, a compiled graph, or
 * neither (undefined) — without compiling anything: how a host lists what it
 * could run (the `weft` command, among a module's exports). Checked
 * precisely, not by a shape other things share: an agent carries the brand
 * the agent functions give it (a tool with a `kind` and a `name` is none),
 * and a graph is a CompiledGraph instance, or one of a module's own copy of
 * @weft/graph (its class, by name, with the methods hosts call).
 *
 * @example
 * const runnable = Object.keys(mod).filter((name) => runTargetKind(mod[name]) !== undefined);
 */
export function runTargetKind(value: unknown): 'agent' | 'graph' | undefined {
  if (isAgent(value)) return 'agent';
  return isCompiledGraph(value) ? 'graph' : undefined;
}

function isCompiledGraph(value: unknown): value is AnyCompiledGraph {
  if (value instanceof CompiledGraph) return true;
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    value.constructor?.name === 'CompiledGraph' &&
    ['run', 'resume', 'withStore', 'toJSON', 'history'].every((m) => typeof v[m] === 'function') &&
    typeof v['name'] === 'string' &&
    typeof v['hash'] === 'string'
  );
}
