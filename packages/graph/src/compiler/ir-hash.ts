import { createHash } from 'node:crypto';
import type { GraphJSON } from './graph-json.ts';

/**
 * A hash of the graph's structure (names, order, kinds, triggers, interrupt
 * addresses, edges, subgraph hashes). Annotations are left out: they describe,
 * they do not change how a checkpoint maps onto the graph. An address is in it
 * because interrupt ids are made from addresses: a checkpoint's pending ids mean
 * nothing to a graph whose addresses differ.
 */
export function irHash(json: Omit<GraphJSON, 'hash'>): string {
  const shape = {
    name: json.name,
    // The address only when set, so graphs without one keep the hash they always had.
    nodes: json.nodes.map((n) => {
      const node = [n.id, n.kind, n.trigger, n.subgraph?.hash ?? null];
      return n.address === undefined ? node : [...node, n.address];
    }),
    edges: json.edges.map((e) => [e.from, e.to, e.kind]),
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16);
}
