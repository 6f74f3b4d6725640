/**
 * The part of the compiled graph a run went through: each node that ran, in
 * order, and each edge it took. Node ids inside a subgraph are prefixed with
 * the path of subgraph nodes (`outer/inner`); an edge is `from -> to` with the
 * same prefix on both ends.
 */
export interface GraphPath {
  /** Node ids in the order they started (a node that ran twice appears twice). */
  nodes: string[];
  /** Edges taken, in the order they were taken, without repeats. */
  edges: string[];
}
