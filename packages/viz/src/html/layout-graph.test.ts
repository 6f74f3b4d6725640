import { describe, expect, it } from 'vitest';
import { nastyGraph } from '../../test-support/nasty-graph.ts';
import { seedGraphs } from '../../test-support/seed-graphs.ts';
import { agentView } from '../model/agent-view.ts';
import { vizModel } from '../model/build-viz-model.ts';
import type { VizModel, VizNode } from '../model/viz-model.ts';
import { commonCluster } from './elk-graph.ts';
import { flowOrder } from './flow-order.ts';
import { layoutGraph, type Box, type Point } from './layout-graph.ts';
import { nodeSize } from './node-size.ts';

const models: [string, VizModel][] = [
  ...Object.entries(seedGraphs).map(([name, g]) => [name, vizModel(g())] as [string, VizModel]),
  ['nasty', vizModel(nastyGraph())],
  // The agent-level views, and the support system with one agent expanded.
  ...Object.entries(seedGraphs).map(([name, g]) => [`${name} (agents)`, agentView(vizModel(g()))] as [string, VizModel]),
  ['support (agents, Tech expanded)', agentView(vizModel(seedGraphs.support()), ['Tech'])],
];

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** On the box's border or within a couple of pixels of it (where ELK starts and ends routes). */
const touches = (p: Point, b: Box) => p.x >= b.x - 2 && p.x <= b.x + b.width + 2 && p.y >= b.y - 2 && p.y <= b.y + b.height + 2;

describe('layoutGraph', () => {
  it.each(models)(
    '%s: every node sits in its cluster, clusters nest, nodes do not overlap, edges run from box to box',
    async (name, model) => {
      const level = name.includes('(agents') ? 'agents' : 'nodes';
      const layout = await layoutGraph(model, level);
      const whole = { x: 0, y: 0, width: layout.width, height: layout.height };
      expect([...layout.nodes.keys()].sort()).toEqual(model.nodes.map((n) => n.id).sort());
      expect([...layout.clusters.keys()].sort()).toEqual(model.clusters.map((c) => c.id).sort());
      expect([...layout.edges.keys()].sort()).toEqual(model.edges.map((e) => e.id).sort());
      for (const n of model.nodes) {
        const box = layout.nodes.get(n.id)!;
        expect(box).toMatchObject(nodeSize(n, level));
        expect(inside(box, n.cluster ? layout.clusters.get(n.cluster)! : whole)).toBe(true);
      }
      for (const c of model.clusters)
        expect(inside(layout.clusters.get(c.id)!, c.parent ? layout.clusters.get(c.parent)! : whole)).toBe(true);
      const boxes = model.nodes.map((n) => layout.nodes.get(n.id)!);
      boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false)));
      for (const e of model.edges) {
        const { points } = layout.edges.get(e.id)!;
        expect(points.length).toBeGreaterThanOrEqual(2);
        expect(touches(points[0]!, layout.nodes.get(e.from)!)).toBe(true);
        expect(touches(points.at(-1)!, layout.nodes.get(e.to)!)).toBe(true);
        if (e.label) expect(layout.edges.get(e.id)!.label).toMatchObject({ width: expect.any(Number), height: 14 });
      }
    },
  );

  it('is deterministic', async () => {
    const model = vizModel(seedGraphs.support());
    expect(await layoutGraph(model)).toEqual(await layoutGraph(model));
  });

  it('sizes node boxes from their labels', () => {
    const node = (label: string, kind = 'lambda'): VizNode => ({
      id: label,
      label,
      kind,
      cluster: undefined,
      join: false,
      annotations: {},
    });
    expect(nodeSize(node('a'))).toEqual({ width: 72, height: 42 });
    expect(nodeSize(node('a'.repeat(40))).width).toBe(Math.ceil(40 * 7.3) + 24);
    expect(nodeSize(node('x', 'a-very-long-kind-name')).width).toBeGreaterThan(72);
    expect(nodeSize(node('start', 'start')).height).toBe(28);
    // An agent drawn as one node: one larger line and room for its expand toggle.
    expect(nodeSize(node('Coordinator', 'agent'))).toEqual({ width: Math.ceil(11 * 9.1) + 24 + 20, height: 34 });
  });
});

describe('flowOrder and commonCluster', () => {
  it('orders nodes as a run reaches them from START, so back edges are the ones going up', () => {
    expect(flowOrder(vizModel(seedGraphs['branch-loop']()))).toEqual(['__start__', 'write', 'review', 'approve', 'publish', '__end__']);
    const support = flowOrder(vizModel(seedGraphs.support()));
    expect(support.slice(0, 4)).toEqual(['__start__', 'run:start', 'Coordinator', 'Coordinator:tools']);
    expect(support.indexOf('Coordinator:tools')).toBeLessThan(support.indexOf('Billing'));
  });

  it('finds the innermost cluster holding both ends of an edge', () => {
    const parents = new Map<string, string | undefined>([
      ['a', undefined],
      ['a/b', 'a'],
      ['a/c', 'a'],
    ]);
    expect(commonCluster('a/b', 'a/c', parents)).toBe('a');
    expect(commonCluster('a/b', 'a/b', parents)).toBe('a/b');
    expect(commonCluster('a/b', 'a', parents)).toBe('a');
    expect(commonCluster('a/b', undefined, parents)).toBeUndefined();
  });
});
