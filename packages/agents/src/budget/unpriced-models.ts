import type { GraphJSON } from '@weft/graph';
import { modelPrice, type PriceTable } from '@weft/chat-model';

/**
 * The models of an agent graph (agent tools' graphs included) that have no
 * price in `prices` or @weft/chat-model's table, by the id they are priced by
 * (the model a request names, else the model's name), each once.
 */
export function unpricedModels(graph: GraphJSON, prices: PriceTable | undefined): string[] {
  const missing = new Set<string>();
  const visit = (g: GraphJSON) => {
    for (const node of g.nodes) {
      const a = node.annotations as { model?: unknown; modelInfo?: { request?: { model?: unknown } } } | undefined;
      const id = a?.modelInfo?.request?.model ?? a?.model;
      if (typeof id === 'string' && !modelPrice(id, prices)) missing.add(id);
      if (node.subgraph) visit(node.subgraph);
    }
  };
  visit(graph);
  return [...missing];
}
