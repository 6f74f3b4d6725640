import type { VizModel } from '../model/viz-model.ts';

/** Mermaid identifiers for a model's nodes and clusters. */
export interface MermaidIds {
  node(id: string): string;
  cluster(id: string): string;
}

/**
 * Mermaid ids may only hold letters, digits and `_`, and words like `end` or
 * `subgraph` are keywords: every id gets a prefix (`n_` for nodes, `c_` for
 * clusters, which share Mermaid's one namespace) and its other characters
 * become `_`. Two ids that end up equal get `_2`, `_3`, … in model order, so
 * the result is unique and the same for the same model.
 */
export function mermaidIds(model: VizModel): MermaidIds {
  const used = new Set<string>();
  const assign = (prefix: string, ids: readonly string[]): Map<string, string> => {
    const out = new Map<string, string>();
    for (const id of ids) {
      const base = prefix + id.replace(/[^A-Za-z0-9_]/g, '_');
      let name = base;
      for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
      used.add(name);
      out.set(id, name);
    }
    return out;
  };
  const nodes = assign(
    'n_',
    model.nodes.map((n) => n.id),
  );
  const clusters = assign(
    'c_',
    model.clusters.map((c) => c.id),
  );
  return { node: (id) => nodes.get(id)!, cluster: (id) => clusters.get(id)! };
}
