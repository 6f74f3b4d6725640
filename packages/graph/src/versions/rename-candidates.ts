import { isDeepStrictEqual } from 'node:util';
import type { GraphJSON, GraphNodeJSON } from '../compiler/graph-json.ts';
import type { RenameCandidate, RenameEvidence } from './graph-diff.ts';

/** A removed node and an added one of the same kind and trigger, with what else they share. */
interface Pair {
  from: GraphNodeJSON;
  to: GraphNodeJSON;
  evidence: RenameEvidence[];
}

/**
 * Pairs the removed nodes of one graph level with the added ones that are
 * probably the same node renamed (see `RenameCandidate` for the rule). Ids are
 * returned without the subgraph prefix.
 *
 * Neighbours are compared after mapping the nodes common to both versions to
 * themselves and the probable renames found so far to their new ids, so the
 * search repeats until the probable renames stop changing: a renamed agent
 * found by its annotations lets its renamed `tools` node match by neighbours.
 * Each round only compares removed × added nodes; the rounds are at most one
 * more than the removed nodes.
 */
export function renameCandidates(
  old: GraphJSON,
  next: GraphJSON,
  removed: readonly GraphNodeJSON[],
  added: readonly GraphNodeJSON[],
): RenameCandidate[] {
  const nextIds = new Set(next.nodes.map((n) => n.id));
  const common = new Set(old.nodes.filter((n) => nextIds.has(n.id)).map((n) => n.id));
  let probable = new Map<string, string>();
  let candidates: RenameCandidate[] = [];
  for (let round = 0; round <= removed.length; round++) {
    const map = (id: string) => (common.has(id) ? id : (probable.get(id) ?? `\u0000removed:${id}`));
    const pairs = removed.flatMap((r) => added.flatMap((a) => pairOf(old, next, r, a, map)));
    candidates = bestPairs(pairs, removed, added);
    const found = new Map(candidates.flatMap((c) => (c.certainty === 'probable' ? [[c.from, c.to] as const] : [])));
    if (isDeepStrictEqual(found, probable)) break;
    probable = found;
  }
  return candidates;
}

/** The pair (r, a) when they share kind, trigger and at least one more piece of evidence. */
function pairOf(old: GraphJSON, next: GraphJSON, r: GraphNodeJSON, a: GraphNodeJSON, map: (id: string) => string): Pair[] {
  if (r.kind !== a.kind || r.trigger !== a.trigger) return [];
  const evidence: RenameEvidence[] = ['same-kind-and-trigger'];
  const mapped = (id: string) => (id === r.id ? a.id : map(id));
  if (sameNeighbours(old, next, r.id, a.id, mapped)) evidence.push('same-neighbours');
  if (isAgentNode(r) && isAgentNode(a)) {
    if (isDeepStrictEqual(agentShape(r.annotations), agentShape(a.annotations))) evidence.push('same-agent');
  } else if (r.annotations && Object.keys(r.annotations).length > 0 && isDeepStrictEqual(r.annotations, a.annotations)) {
    evidence.push('same-annotations');
  }
  if (r.address !== undefined && r.address === a.address) evidence.push('same-address');
  if (r.subgraph && r.subgraph.hash === a.subgraph?.hash) evidence.push('same-subgraph');
  return evidence.length > 1 ? [{ from: r, to: a, evidence }] : [];
}

/** Pairs each is among the other's best (most evidence); probable when both are the only best. */
function bestPairs(pairs: Pair[], removed: readonly GraphNodeJSON[], added: readonly GraphNodeJSON[]): RenameCandidate[] {
  const bestOf = (side: 'from' | 'to', id: string) => {
    const mine = pairs.filter((p) => p[side].id === id);
    const top = Math.max(0, ...mine.map((p) => p.evidence.length));
    return mine.filter((p) => p.evidence.length === top).map((p) => (side === 'from' ? p.to.id : p.from.id));
  };
  const fromBest = new Map(removed.map((r) => [r.id, bestOf('from', r.id)]));
  const toBest = new Map(added.map((a) => [a.id, bestOf('to', a.id)]));
  return pairs
    .filter((p) => fromBest.get(p.from.id)?.includes(p.to.id) && toBest.get(p.to.id)?.includes(p.from.id))
    .map((p) => {
      const rivals = [
        ...(fromBest.get(p.from.id) ?? []).filter((id) => id !== p.to.id),
        ...(toBest.get(p.to.id) ?? []).filter((id) => id !== p.from.id),
      ];
      const base = { from: p.from.id, to: p.to.id, evidence: p.evidence };
      return rivals.length === 0 ? { certainty: 'probable', ...base } : { certainty: 'ambiguous', ...base, rivals };
    });
}

/** The same incoming and outgoing edges (by kind), the old ones mapped to new ids; at least one edge. */
function sameNeighbours(old: GraphJSON, next: GraphJSON, from: string, to: string, map: (id: string) => string): boolean {
  const before = neighbours(old, from, map);
  const after = neighbours(next, to, (id) => id);
  return before.length > 0 && isDeepStrictEqual(before, after);
}

function neighbours(json: GraphJSON, id: string, map: (id: string) => string): string[] {
  const keys = json.edges.flatMap((e) => [
    ...(e.to === id ? [`in:${e.kind}:${map(e.from)}`] : []),
    ...(e.from === id ? [`out:${e.kind}:${map(e.to)}`] : []),
  ]);
  return [...new Set(keys)].sort();
}

/** A node some agent layer made: its annotations name the agent. */
export function isAgentNode(node: GraphNodeJSON): boolean {
  return typeof node.annotations?.['agent'] === 'string';
}

/** An agent node's annotations without its name: the agent's name and the last segment of its path left out. */
function agentShape(annotations: Record<string, unknown> | undefined): Record<string, unknown> {
  const { agent: _name, agentPath, ...rest } = annotations ?? {};
  return { ...rest, parentPath: Array.isArray(agentPath) ? agentPath.slice(0, -1) : agentPath };
}
