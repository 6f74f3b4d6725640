import { createHash } from 'node:crypto';
import type { GraphJSON } from './graph-json.ts';

/**
 * A hash of the graph's structure (names, order, kinds, triggers, edges,
 * subgraph hashes). Annotations are left out: they describe, they do not change
 * how a checkpoint maps onto the graph.
 */
export function irHash(json: Omit<GraphJSON, 'hash'>): string {
  const shape = {
    name: json.name,
    nodes: json.nodes.map((n) => [n.id, n.kind, n.trigger, n.subgraph?.hash ?? null]),
    edges: json.edges.map((e) => [e.from, e.to, e.kind]),
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
}
