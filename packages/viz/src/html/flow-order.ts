import type { VizModel } from '../model/viz-model.ts';

/**
 * Node ids in the order a run reaches them: breadth-first from the start
 * nodes along the edges, ties in model order; nodes no edge reaches follow in
 * model order. Laid out in this order, ELK takes the edges that go back
 * (a router back to its agent's model) as the back edges, so the drawing reads
 * from START down to END.
 */
export function flowOrder(model: VizModel): string[] {
  const out = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const e of model.edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const queue = model.nodes.filter((n) => n.kind === 'start' && n.cluster === undefined).map((n) => n.id);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    if (out.has(id)) continue;
    out.set(id, out.size);
    for (const to of next.get(id) ?? []) if (!out.has(to)) queue.push(to);
  }
  for (const n of model.nodes) if (!out.has(n.id)) out.set(n.id, out.size);
  return [...out.keys()];
}
