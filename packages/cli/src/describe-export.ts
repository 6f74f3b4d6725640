import { runnableExport } from './runnable-export.ts';

/** The kinds of agent @weft/agents makes (chatModelAgent, sequential, parallel, loop): an object of one that is no agent is a look-alike. */
const AGENT_KINDS: ReadonlySet<string> = new Set(['chat-model', 'sequential', 'parallel', 'loop']);

/** Kinds of things @weft/agents makes that run inside an agent, never by themselves. */
const PARTS: Readonly<Record<string, string>> = { tool: 'a tool', 'agent-tool': 'an agent tool', toolset: 'a toolset' };

/**
 * One export as the error that lists a module's exports names it: `an agent
 * (Poet)`, `a compiled graph (expense)`, `a tool (book_flight)`, `a number`,
 * `an object of kind "chat-model" that no agent function made` (a look-alike).
 */
export function describeExport(value: unknown): string {
  const runnable = runnableExport(value);
  if (runnable) return runnable.kind === 'agent' ? `an agent (${runnable.agent.name})` : `a compiled graph (${runnable.graph.name})`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const { kind, name } = value as { kind?: unknown; name?: unknown };
  const part = typeof kind === 'string' ? PARTS[kind] : undefined;
  if (part !== undefined) return typeof name === 'string' ? `${part} (${name})` : part;
  if (typeof kind === 'string')
    return AGENT_KINDS.has(kind) ? `an object of kind "${kind}" that no agent function made` : `an object of kind "${kind}"`;
  const constructorName = value.constructor?.name;
  return constructorName && constructorName !== 'Object' ? `a ${constructorName}` : 'an object';
}

/** Whether `value` is a part of an agent (a tool, an agent tool, a toolset): it runs inside an agent, not by itself. */
export function isAgentPart(value: unknown): boolean {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return typeof value === 'object' && typeof kind === 'string' && Object.hasOwn(PARTS, kind);
}
