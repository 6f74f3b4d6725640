/** The IR as plain JSON, for viewers and snapshot tests. Stable order: insertion order. */
export interface GraphJSON {
  name: string;
  hash: string;
  nodes: GraphNodeJSON[];
  edges: GraphEdgeJSON[];
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
