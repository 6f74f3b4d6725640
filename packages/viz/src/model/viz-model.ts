/**
 * The drawing model every view (Mermaid, DOT, the HTML viewer) is made from:
 * the IR with agents grouped into clusters and every edge classified. Plain
 * JSON, deterministic (same graph → same model, byte for byte), so it can be
 * snapshot-tested and embedded in a page.
 */
export interface VizModel {
  /** The graph's name and IR hash. */
  name: string;
  hash: string;
  /** Parents before children; siblings in IR order. */
  clusters: VizCluster[];
  /** IR order, subgraph nodes right after the node that holds them. */
  nodes: VizNode[];
  edges: VizEdge[];
}

/** A box around the nodes of one agent (nested for workflows and sub-agent trees), or of a subgraph. */
export interface VizCluster {
  /** Unique in the model, e.g. `agent:Support/agent:Tech`. */
  id: string;
  label: string;
  /** `agent` for a ChatModelAgent, the workflow's kind (`sequential`, `parallel`, `loop`, …) or `subgraph`. */
  kind: string;
  parent: string | undefined;
  /** In an agent-level model (`agentView`), an agent drawn with its nodes: the id of the node it collapses back into. */
  collapseTo?: string;
}

export interface VizNode {
  /**
   * The node's path: IR names from the top graph joined by `/` — `model`,
   * `A:agent:Inner/Inner`. A run event names the same node as
   * `[...event.path, event.node].join('/')`.
   */
  id: string;
  label: string;
  /** The IR kind: `start`, `end`, `lambda`, `chat-model`, `tools`, `router`, `agent-tool`, `subgraph`, workflow kinds, … */
  kind: string;
  cluster: string | undefined;
  /** Trigger `all`: waits for every predecessor. */
  join: boolean;
  /** What the node's details panel shows: the IR annotations as they are (tools with their schemas, instruction, targets, …). */
  annotations: Record<string, unknown>;
  /**
   * In an agent-level model (`agentView`), the node-level ids this node stands
   * for when it stands for more than itself (an agent's model, tools and
   * router nodes; START with the run's `run:start`): a run event of any of
   * them lands on this node.
   */
  members?: string[];
}

/**
 * - `edge`: a fixed edge (chains, workflow order, fan-out/join).
 * - `branch`: one target of a conditional branch; `label` says when it is taken.
 * - `transfer`: a hand-off between agents; `transfer` says to whom, relative to the source agent.
 * - `agent-tool`: a call into an agent used as a tool (and the way back).
 */
export type VizEdgeKind = 'edge' | 'branch' | 'transfer' | 'agent-tool';

export interface VizEdge {
  /** Unique in the model: `from->to` (plus `#n` for a repeated pair). */
  id: string;
  from: string;
  to: string;
  kind: VizEdgeKind;
  label?: string;
  transfer?: 'child' | 'parent' | 'peer';
}
