import { isDeepStrictEqual } from 'node:util';
import type { GraphJSON, GraphNodeJSON } from '../compiler/graph-json.ts';
import type { AgentChange, AgentEntry, AgentFieldChange, GraphDiff } from './graph-diff.ts';

/** What one graph level says about one agent: its `chat-model` node's annotations and its tools' definitions. */
interface AgentView extends AgentEntry {
  instruction: string | undefined;
  description: string | undefined;
  tools: string[];
  transferTargets: string[];
  /** The definitions on the agent's `tools` node, by tool name. */
  definitions: Map<string, { description: unknown; parameters: unknown }>;
}

/**
 * Compares the agents of one graph level (subgraphs are the caller's): the
 * `chat-model` nodes whose annotations name an agent, matched by node id.
 * Tools are compared by name from the agent's `tools` annotation; a tool in
 * both is `changed` when its definition on the agent's `tools` node differs.
 */
export function diffAgents(old: GraphJSON, next: GraphJSON, prefix: string, out: GraphDiff['agents']): void {
  const before = agentsOf(old, prefix);
  const after = agentsOf(next, prefix);
  for (const [id, agent] of before) if (!after.has(id)) out.removed.push(entryOf(agent));
  for (const [id, agent] of after) {
    const was = before.get(id);
    if (!was) {
      out.added.push(entryOf(agent));
      continue;
    }
    const changes = agentChanges(was, agent);
    if (changes.length > 0) out.changed.push({ name: agent.name, node: agent.node, changes } satisfies AgentChange);
  }
}

function agentChanges(was: AgentView, now: AgentView): AgentFieldChange[] {
  const changes: AgentFieldChange[] = [];
  for (const field of ['instruction', 'description', 'model'] as const) {
    if (was[field] !== now[field]) changes.push({ field, before: was[field], after: now[field] });
  }
  if (!isDeepStrictEqual(was.path, now.path)) changes.push({ field: 'path', before: was.path, after: now.path });
  for (const tool of was.tools) if (!now.tools.includes(tool)) changes.push({ field: 'tool', change: 'removed', tool });
  for (const tool of now.tools) if (!was.tools.includes(tool)) changes.push({ field: 'tool', change: 'added', tool });
  for (const tool of now.tools.filter((t) => was.tools.includes(t))) {
    const a = was.definitions.get(tool);
    const b = now.definitions.get(tool);
    const parts = (['description', 'parameters'] as const).filter((part) => !isDeepStrictEqual(a?.[part], b?.[part]));
    if (parts.length > 0) changes.push({ field: 'tool', change: 'changed', tool, parts });
  }
  for (const agent of was.transferTargets) {
    if (!now.transferTargets.includes(agent)) changes.push({ field: 'transfer-target', change: 'removed', agent });
  }
  for (const agent of now.transferTargets) {
    if (!was.transferTargets.includes(agent)) changes.push({ field: 'transfer-target', change: 'added', agent });
  }
  return changes;
}

function agentsOf(json: GraphJSON, prefix: string): Map<string, AgentView> {
  const agents = new Map<string, AgentView>();
  for (const node of json.nodes) {
    const a = node.annotations;
    if (node.kind !== 'chat-model' || typeof a?.['agent'] !== 'string') continue;
    const path = strings(a['agentPath']);
    agents.set(node.id, {
      name: a['agent'],
      node: prefix + node.id,
      path,
      model: text(a['model']),
      instruction: text(a['instruction']),
      description: text(a['description']),
      tools: strings(a['tools']),
      transferTargets: strings(a['transferTargets']),
      definitions: definitionsOf(json.nodes.find((n) => isToolsNodeOf(n, a['agent'] as string, path))),
    });
  }
  return agents;
}

/** The agent's `tools` node: kind `tools`, the same agent name and path. */
function isToolsNodeOf(node: GraphNodeJSON, agent: string, path: string[]): boolean {
  const a = node.annotations;
  return node.kind === 'tools' && a?.['agent'] === agent && isDeepStrictEqual(strings(a['agentPath']), path);
}

function definitionsOf(node: GraphNodeJSON | undefined): AgentView['definitions'] {
  const tools = node?.annotations?.['tools'];
  const definitions: AgentView['definitions'] = new Map();
  if (!Array.isArray(tools)) return definitions;
  for (const tool of tools as unknown[]) {
    if (typeof tool !== 'object' || tool === null) continue;
    const { name, description, parameters } = tool as Record<string, unknown>;
    if (typeof name === 'string') definitions.set(name, { description, parameters });
  }
  return definitions;
}

function entryOf(agent: AgentView): AgentEntry {
  return { name: agent.name, node: agent.node, path: agent.path, model: agent.model };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
