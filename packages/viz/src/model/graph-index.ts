import type { GraphJSON, GraphNodeJSON } from '@weft/graph';

/**
 * What a node does in a compiled agent tree, read from its kind and
 * annotations (see @weft/agents' compile/): the classifier needs it to tell a
 * transfer from the ReAct loop, or workflow order from an exit.
 * - `model`: a ChatModelAgent's model call (`A`)
 * - `tools`: its tools node (`A:tools`), whose branch routes the turn: back
 *   to the model, out of the agent, or to a transfer's target
 * - `after`: the after-tools router (`A:after`) of graphs compiled before the
 *   tools node routed the turn (older run logs), where transfers left
 * - `handoff`: a deterministic transfer (`A:handoff`)
 * - `loop-next`: a loop agent's step router (`L:next`)
 * - `fan-out`: a parallel agent's entry, which starts every child
 * - `join`: a parallel agent's join (`P:join`)
 * - `agent-tool`: an agent used as a tool (`A:agent:Inner`)
 * - `other`: anything else (generic graph nodes, workflow entries, `run:start`)
 */
export type NodeRole = 'model' | 'tools' | 'after' | 'handoff' | 'loop-next' | 'fan-out' | 'join' | 'agent-tool' | 'other';

/** Lookups over one graph level; built once, read only through `get`, never iterated. */
export interface GraphIndex {
  has(id: string): boolean;
  node(id: string): GraphNodeJSON;
  role(id: string): NodeRole;
  /** The agent the node belongs to (its `agent` annotation). */
  agent(id: string): string | undefined;
  /** Agent names from the root of this graph's tree (its `agentPath` annotation). */
  agentPath(id: string): readonly string[] | undefined;
  /** The node is an agent's entry (its name is the agent's name): the node a transfer lands on. */
  isAgentEntry(id: string): boolean;
  /** END, or `run:end` of an agent compiled as a tool: leaving the graph. */
  isExit(id: string): boolean;
  /** The distinct targets of the node's branches, in IR order. */
  branchTargets(id: string): readonly string[];
}

export function indexGraph(g: GraphJSON): GraphIndex {
  const nodes = new Map(g.nodes.map((n) => [n.id, n] as const));
  // The entry node of agent X is named X; its kind is the agent's kind (chat-model, sequential, …).
  const entryKind = new Map<string, string>();
  for (const n of g.nodes) if (agentOf(n) === n.id) entryKind.set(n.id, n.kind);
  const targets = new Map<string, string[]>();
  for (const e of g.edges) {
    if (e.kind !== 'branch') continue;
    const list = targets.get(e.from) ?? [];
    if (!list.includes(e.to)) list.push(e.to);
    targets.set(e.from, list);
  }
  const node = (id: string): GraphNodeJSON => nodes.get(id)!;
  return {
    has: (id) => nodes.has(id),
    node,
    role: (id) => roleOf(node(id), entryKind),
    agent: (id) => agentOf(node(id)),
    agentPath: (id) => agentPathOf(node(id)),
    isAgentEntry: (id) => agentOf(node(id)) === id,
    isExit: (id) => node(id).kind === 'end' || node(id).annotations?.['role'] === 'run-end',
    branchTargets: (id) => targets.get(id) ?? [],
  };
}

function roleOf(n: GraphNodeJSON, entryKind: ReadonlyMap<string, string>): NodeRole {
  const agent = agentOf(n);
  if (n.kind === 'agent-tool') return 'agent-tool';
  if (agent === undefined) return 'other';
  const a = n.annotations ?? {};
  switch (n.kind) {
    case 'chat-model':
      return 'model';
    case 'tools':
      return 'tools';
    case 'parallel':
      return 'fan-out';
    case 'join':
      return 'join';
    case 'router':
      if (typeof a['transferTo'] === 'string') return 'handoff';
      if (entryKind.get(agent) === 'loop') return 'loop-next';
      if (Array.isArray(a['transferTargets'])) return 'after';
      return 'other';
    default:
      return 'other';
  }
}

function agentOf(n: GraphNodeJSON): string | undefined {
  const agent = n.annotations?.['agent'];
  return typeof agent === 'string' ? agent : undefined;
}

export function agentPathOf(n: GraphNodeJSON): readonly string[] | undefined {
  const path = n.annotations?.['agentPath'];
  return Array.isArray(path) && path.length > 0 && path.every((p) => typeof p === 'string') ? (path as string[]) : undefined;
}
