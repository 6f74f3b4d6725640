/** The IR as plain JSON, for viewers and snapshot tests. Stable order: insertion order. */
export interface GraphJSON {
  name: string;
  hash: string;
  /** The label given to `compile({ version })`; not part of the hash. */
  version?: string;
  nodes: GraphNodeJSON[];
  edges: GraphEdgeJSON[];
  /** The JSON Schema of what `run()` takes, when the graph has an input schema whose library writes one. */
  input?: Record<string, unknown>;
  /** The JSON Schema of the run's output, likewise. */
  output?: Record<string, unknown>;
}

export interface GraphNodeJSON {
  id: string;
  kind: string;
  trigger: 'any' | 'all';
  annotations?: Record<string, unknown>;
  subgraph?: GraphJSON;
  /** The node's `address` option, when it replaces the node's name in interrupt addresses. */
  address?: string;
}

export interface GraphEdgeJSON {
  from: string;
  to: string;
  kind: 'edge' | 'branch';
}
