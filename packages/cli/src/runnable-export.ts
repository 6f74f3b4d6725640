import type { Agent } from '@weft/agents';
import { CompiledGraph } from '@weft/graph';

/** An export weft can run: an agent tree (run by a Runner) or a compiled graph. */
export type RunnableExport = { kind: 'agent'; agent: Agent } | { kind: 'graph'; graph: CompiledGraph<unknown, unknown, unknown> };

type Fields = Readonly<Record<string, unknown>>;

/**
 * What each kind of agent carries besides its name, as chatModelAgent(),
 * sequential(), parallel() and loop() (and withSubAgents, supervisor,
 * planExecute on top of them) make it, keyed by the kinds those functions
 * make (`Agent['kind']` is any string now that agents are an open interface).
 */
const AGENT_KINDS: Record<'chat-model' | 'sequential' | 'parallel' | 'loop', (fields: Fields) => boolean> = {
  'chat-model': (f) => isChatModel(f['model']) && Array.isArray(f['tools']) && typeof f['maxIterations'] === 'number',
  sequential: (f) => hasSubAgents(f),
  parallel: (f) => hasSubAgents(f),
  loop: (f) => hasSubAgents(f) && typeof f['maxIterations'] === 'number',
};

/**
 * The agent or compiled graph `value` is, or undefined. Checked precisely,
 * not by a shape other things share: a `kind` and a `name` alone (which a
 * tool has too) make no agent, and three methods named run, resume and
 * withStore make no graph. A graph is a CompiledGraph instance, or one of a
 * module's own copy of @weft/graph (its class, by name, with the methods);
 * an agent has one of the agent kinds and what that kind is made of.
 */
export function runnableExport(value: unknown): RunnableExport | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (isCompiledGraph(value)) return { kind: 'graph', graph: value };
  return isAgent(value) ? { kind: 'agent', agent: value } : undefined;
}

/** Whether `kind` names a kind of agent (`chat-model`, `sequential`, …). */
export const isAgentKind = (kind: unknown): kind is keyof typeof AGENT_KINDS =>
  typeof kind === 'string' && Object.hasOwn(AGENT_KINDS, kind);

/** Whether `value` is an agent as the agent functions make them (its sub-agents too). */
export function isAgent(value: unknown): value is Agent {
  if (value === null || typeof value !== 'object') return false;
  const fields = value as Fields;
  const kind = fields['kind'];
  if (!isAgentKind(kind)) return false;
  if (typeof fields['name'] !== 'string' || fields['name'] === '') return false;
  return AGENT_KINDS[kind](fields);
}

function isCompiledGraph(value: object): value is CompiledGraph<unknown, unknown, unknown> {
  if (value instanceof CompiledGraph) return true;
  // Another copy of @weft/graph (a module with its own node_modules): the same class, and what it has.
  const v = value as Fields;
  return (
    value.constructor?.name === 'CompiledGraph' &&
    ['run', 'resume', 'withStore', 'toJSON', 'history'].every((m) => typeof v[m] === 'function') &&
    typeof v['name'] === 'string' &&
    typeof v['hash'] === 'string'
  );
}

function isChatModel(model: unknown): boolean {
  const m = model as Fields | null;
  return m !== null && typeof m === 'object' && typeof m['generate'] === 'function' && typeof m['stream'] === 'function';
}

function hasSubAgents(fields: Fields): boolean {
  const subAgents = fields['subAgents'];
  return Array.isArray(subAgents) && subAgents.every(isAgent);
}
