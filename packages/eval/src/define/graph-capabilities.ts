import type { GraphJSON } from '@weft/graph';

/** What one agent of a compiled graph can do: the tools its model is given and the agents it may transfer to. */
export interface AgentCapabilities {
  tools: ReadonlySet<string>;
  transferTargets: ReadonlySet<string>;
}

/** What a compiled graph can produce, read from its IR's agent annotations (subgraphs included). */
export interface GraphCapabilities {
  /** By agent name. */
  agents: ReadonlyMap<string, AgentCapabilities>;
  /** Every tool any agent has. */
  tools: ReadonlySet<string>;
}

/**
 * Reads, from a compiled graph's IR, each agent's tools and transfer targets
 * (the annotations `chatModelAgent` puts on its model node), in every
 * subgraph. An expected trajectory is checked against this when an eval is
 * defined.
 *
 * @example
 * const caps = graphCapabilities(runner.graph.toJSON());
 * caps.agents.get('Billing')?.tools.has('refund'); // true
 */
export function graphCapabilities(graph: GraphJSON): GraphCapabilities {
  const agents = new Map<string, { tools: Set<string>; transferTargets: Set<string> }>();
  const tools = new Set<string>();
  const visit = (json: GraphJSON): void => {
    for (const node of json.nodes) {
      if (node.subgraph) visit(node.subgraph);
      const notes = node.annotations ?? {};
      const agent = notes['agent'];
      if (node.kind !== 'chat-model' || typeof agent !== 'string') continue;
      const entry = agents.get(agent) ?? { tools: new Set<string>(), transferTargets: new Set<string>() };
      for (const tool of strings(notes['tools'])) {
        entry.tools.add(tool);
        tools.add(tool);
      }
      for (const target of strings(notes['transferTargets'])) entry.transferTargets.add(target);
      agents.set(agent, entry);
    }
  };
  visit(graph);
  return { agents, tools };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}
