import type { VizCluster, VizModel, VizNode } from '../model/viz-model.ts';

/** A model's clusters as a tree, for views that draw nested boxes. */
export interface ClusterTree {
  /** Clusters inside `parent` (top level: `undefined`), in model order. */
  clustersIn(parent: string | undefined): readonly VizCluster[];
  /** Nodes directly inside `cluster` (top level: `undefined`), in model order. */
  nodesIn(cluster: string | undefined): readonly VizNode[];
}

export function clusterTree(model: VizModel): ClusterTree {
  const clusters = new Map<string | undefined, VizCluster[]>();
  for (const c of model.clusters) clusters.set(c.parent, [...(clusters.get(c.parent) ?? []), c]);
  const nodes = new Map<string | undefined, VizNode[]>();
  for (const n of model.nodes) nodes.set(n.cluster, [...(nodes.get(n.cluster) ?? []), n]);
  return {
    clustersIn: (parent) => clusters.get(parent) ?? [],
    nodesIn: (cluster) => nodes.get(cluster) ?? [],
  };
}

/** A cluster's title: the agent's name, with the kind for anything that is not a plain agent (`Refine (loop)`). */
export function clusterTitle(cluster: VizCluster): string {
  return cluster.kind === 'agent' ? cluster.label : `${cluster.label} (${cluster.kind})`;
}
