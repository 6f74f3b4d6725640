import { END, START } from '@weft/graph';
import { VizError } from '../errors.ts';
import type { VizCluster, VizEdge, VizEdgeKind, VizModel, VizNode } from './viz-model.ts';

/** How much of a graph a drawing shows: one node per agent (`agentView`), or every node of the compiled graph (`vizModel`). */
export type DrawingLevel = 'agents' | 'nodes';

/** Cluster kinds that are boxes around other things, never an agent of their own (a workflow agent's kind is `sequential`, `loop`, …). */
const SUBGRAPH = 'subgraph';
const AGENT = 'agent';

/** Edge kinds by how much they say: when several edges collapse into one, the one that says most is kept. */
const WEIGHT: Readonly<Record<VizEdgeKind, number>> = { transfer: 3, 'agent-tool': 2, branch: 1, edge: 0 };

/**
 * The agent-level drawing model: each ChatModelAgent drawn as one node (kind
 * `agent`) instead of its model, tools and router nodes, so the picture shows
 * who talks to whom — transfers and agent-tool calls as edges between agents,
 * from START to END. Workflow agents (sequential, loop, parallel) stay boxes
 * around their children with their own routing nodes, as their order is
 * what they are about.
 *
 * - A collapsed agent node keeps the id of the agent's entry node (its model
 *   call, `Tech`), so a run event of `Tech` or `Tech:tools` lands on it:
 *   `members` lists every node-level id it stands for.
 * - `expanded` names agents (by that id) drawn with their nodes, in their box.
 * - The run's bookkeeping (`run:start`, `run:end` of an agent run) is folded
 *   into the START and END of its level.
 * - Agents nested in the agent tree (sub-agents) become siblings: the
 *   transfers between them say how they relate.
 * - A plain graph (no agents) comes back as it was.
 *
 * Pure and deterministic: arrays keep the model's order.
 */
export function agentView(model: VizModel, expanded: readonly string[] = []): VizModel {
  const clusters = new Map(model.clusters.map((c) => [c.id, c]));
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  const entries = agentEntries(model, clusters);
  const open = new Set(expanded);
  const agents = new Set(entries.values());
  const unknown = [...open].filter((id) => !agents.has(id));
  if (unknown.length > 0)
    throw new VizError(
      'INVALID_ARGUMENT',
      `expanded names ${unknown.map((u) => JSON.stringify(u)).join(', ')}, not an agent of graph "${model.name}"; ` +
        `its agents are ${[...agents].map((a) => JSON.stringify(a)).join(', ') || 'none'} (an agent's id is its model node's)`,
      { details: { unknown, agents: [...agents] } },
    );
  const collapsed = new Map([...entries].filter(([, entry]) => !open.has(entry)));
  const rep = representatives(model, clusters, nodes, collapsed);
  const kept = keptClusters(model, rep, collapsed);
  const keptAncestor = (c: string | undefined, skipAgents = false): string | undefined => {
    for (let at = c; at !== undefined; at = clusters.get(at)?.parent)
      if (kept.has(at) && !(skipAgents && clusters.get(at)!.kind === AGENT)) return at;
    return undefined;
  };
  const members = new Map<string, string[]>();
  for (const n of model.nodes) members.set(rep.get(n.id)!, [...(members.get(rep.get(n.id)!) ?? []), n.id]);
  const entryCluster = new Map([...collapsed].map(([cluster, entry]) => [entry, cluster]));
  const outNodes: VizNode[] = [];
  for (const n of model.nodes) {
    if (rep.get(n.id) !== n.id) continue;
    const agent = entryCluster.get(n.id);
    const node: VizNode = agent
      ? // An agent drawn as a node sits beside its parent agent, not in its box when that one is expanded: transfers say how they relate.
        { ...n, label: clusters.get(agent)!.label, kind: AGENT, cluster: keptAncestor(clusters.get(agent)!.parent, true), join: false }
      : { ...n, cluster: keptAncestor(n.cluster) };
    const own = members.get(n.id)!;
    if (own.length > 1) node.members = own;
    outNodes.push(node);
  }
  // A box left with nothing drawn in it (its agents all drawn as nodes elsewhere) is not drawn.
  const used = new Set<string>();
  for (const n of outNodes) for (let at = n.cluster; at !== undefined; at = keptAncestor(clusters.get(at)?.parent)) used.add(at);
  const outClusters: VizCluster[] = model.clusters
    .filter((c) => used.has(c.id))
    .map((c) => {
      const parent = keptAncestor(c.parent);
      const cluster: VizCluster = { ...c, parent };
      const entry = entries.get(c.id);
      if (entry !== undefined) cluster.collapseTo = entry;
      return cluster;
    });
  return {
    name: model.name,
    hash: model.hash,
    clusters: outClusters,
    nodes: outNodes,
    edges: agentEdges(model, rep, nodes, clusters, new Set(collapsed.values())),
  };
}

/** Each ChatModelAgent's cluster and its entry node: the node in it named as the agent (its model call). */
function agentEntries(model: VizModel, clusters: ReadonlyMap<string, VizCluster>): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of model.nodes) {
    const c = n.cluster === undefined ? undefined : clusters.get(n.cluster);
    if (c?.kind === AGENT && localName(n.id) === c.label && n.annotations['agent'] === c.label) out.set(c.id, n.id);
  }
  return out;
}

/**
 * Which drawn node stands for each node: a collapsed agent's entry for its
 * nodes (and anything nested in it but not in another agent), the level's
 * START or END for the run's bookkeeping, the node itself otherwise.
 */
function representatives(
  model: VizModel,
  clusters: ReadonlyMap<string, VizCluster>,
  nodes: ReadonlyMap<string, VizNode>,
  collapsed: ReadonlyMap<string, string>,
): Map<string, string> {
  const rep = new Map<string, string>();
  for (const n of model.nodes) {
    let owner = n.id;
    for (let at = n.cluster; at !== undefined; at = clusters.get(at)?.parent) {
      const c = clusters.get(at)!;
      if (c.kind === SUBGRAPH) continue;
      if (c.kind === AGENT && collapsed.has(at)) owner = collapsed.get(at)!;
      break;
    }
    const role = n.annotations['role'];
    const prefix = n.id.slice(0, n.id.length - localName(n.id).length);
    if (owner === n.id && n.annotations['agent'] === undefined && (role === 'run-start' || role === 'run-end')) {
      const terminal = prefix + (role === 'run-start' ? START : END);
      if (nodes.has(terminal)) owner = terminal;
    }
    rep.set(n.id, owner);
  }
  return rep;
}

/** The clusters still drawn: workflows, expanded agents, and the subgraphs of nodes still drawn. */
function keptClusters(model: VizModel, rep: ReadonlyMap<string, string>, collapsed: ReadonlyMap<string, string>): Set<string> {
  const kept = new Set<string>();
  for (const c of model.clusters) {
    if (collapsed.has(c.id)) continue;
    // A subgraph's cluster has its holder node's id: it goes with the holder.
    if (c.kind === SUBGRAPH && rep.get(c.id) !== c.id) continue;
    kept.add(c.id);
  }
  return kept;
}

/**
 * The edges between drawn nodes: each model edge from one's representative to
 * the other's (none inside one node), one per pair, keeping the kind that says
 * most. A collapsed agent's way into the agent it calls as a tool, and back,
 * is an `agent-tool` edge (the call's plumbing, START and `run:start` of the
 * tool's graph, sits in the caller).
 */
function agentEdges(
  model: VizModel,
  rep: ReadonlyMap<string, string>,
  nodes: ReadonlyMap<string, VizNode>,
  clusters: ReadonlyMap<string, VizCluster>,
  agentNodes: ReadonlySet<string>,
): VizEdge[] {
  const out = new Map<string, VizEdge>();
  for (const e of model.edges) {
    const from = rep.get(e.from)!;
    const to = rep.get(e.to)!;
    if (from === to) continue;
    const edge: VizEdge = { id: `${from}->${to}`, from, to, kind: e.kind };
    const holder = toolHolder(e.from, nodes, clusters);
    if (holder !== undefined && holder === toolHolder(e.to, nodes, clusters)) {
      const tool = nodes.get(holder)!.annotations['agentTool'];
      if (rep.get(holder) === from) Object.assign(edge, { kind: 'agent-tool', label: `call ${typeof tool === 'string' ? tool : to}` });
      else if (rep.get(holder) === to) Object.assign(edge, { kind: 'agent-tool', label: 'result' });
    } else if (e.kind === 'transfer') {
      // The colour says it is a transfer; `transfer` still says which way in the tree.
      edge.transfer = e.transfer!;
    } else if (e.label !== undefined && !(agentNodes.has(from) && nodes.get(e.to)?.kind === 'end')) {
      // An agent's way to END is its answer (or its tools' last word): END says that without a label.
      edge.label = e.label;
    }
    const seen = out.get(edge.id);
    if (!seen || WEIGHT[edge.kind] > WEIGHT[seen.kind]) out.set(edge.id, edge);
  }
  return [...out.values()];
}

/** The agent-tool node whose graph holds the node, if any (its subgraph cluster has the tool node's id). */
function toolHolder(id: string, nodes: ReadonlyMap<string, VizNode>, clusters: ReadonlyMap<string, VizCluster>): string | undefined {
  for (let at = nodes.get(id)?.cluster; at !== undefined; at = clusters.get(at)?.parent) {
    const c = clusters.get(at)!;
    if (c.kind === SUBGRAPH && nodes.get(at)?.kind === 'agent-tool') return at;
  }
  return undefined;
}

/** A node's name in its own graph level (the part after the last `/`). */
function localName(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1);
}
