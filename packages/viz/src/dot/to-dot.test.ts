import { describe, expect, it } from 'vitest';
import { countGroups, renderDot } from '../../test-support/render-dot.ts';
import { nastyGraph } from '../../test-support/nasty-graph.ts';
import { seedGraphs, supportGraph } from '../../test-support/seed-graphs.ts';
import { vizModel } from '../model/build-viz-model.ts';
import { toDot } from './to-dot.ts';

describe('toDot', () => {
  it.each(Object.entries(seedGraphs))('%s: the whole digraph matches its snapshot', async (name, make) => {
    await expect(toDot(make())).toMatchFileSnapshot(`../__snapshots__/${name}.dot`);
  });

  it.each(Object.entries(seedGraphs))('%s: Graphviz renders every node, edge and cluster without a warning', (_name, make) => {
    const graph = make();
    const model = vizModel(graph);
    const out = renderDot(toDot(graph));
    expect({ status: out.status, stderr: out.stderr }).toEqual({ status: 0, stderr: '' });
    expect(countGroups(out.svg, 'node')).toBe(model.nodes.length);
    expect(countGroups(out.svg, 'edge')).toBe(model.edges.length);
    expect(countGroups(out.svg, 'cluster')).toBe(model.clusters.length);
  });

  it('styles edges by kind: transfers bold with their label, agent-tool calls dashed, branches dotted', () => {
    const text = toDot(supportGraph());
    expect(text).toContain(
      '  "Tech:tools" -> "Database" [style=bold, penwidth=2, color="#e8590c", fontcolor="#e8590c", label="transfer"];\n',
    );
    expect(text).toContain(
      '  "Database:tools" -> "Tech" [style=bold, penwidth=2, color="#e8590c", fontcolor="#e8590c", label="transfer", constraint=false];\n',
    );
    expect(text).toContain('  "Tech" -> "Tech:tools" [style=dotted, color="#495057", label="tool calls"];\n');
    expect(text).toMatch(/subgraph "cluster_agent:Coordinator\/agent:Tech" \{\n {6}label="Tech";/);
  });

  it('lays out left to right when asked', () => {
    expect(toDot(supportGraph(), { direction: 'LR' })).toContain('graph [rankdir=LR,');
  });

  it('escapes quotes, backslashes and newlines: Graphviz draws the names as they are', () => {
    const graph = nastyGraph();
    const out = renderDot(toDot(graph));
    expect({ status: out.status, stderr: out.stderr }).toEqual({ status: 0, stderr: '' });
    expect(countGroups(out.svg, 'node')).toBe(graph.nodes.length);
    expect(countGroups(out.svg, 'edge')).toBe(graph.edges.length);
    expect(out.svg).toContain('&lt;script&gt;alert(1)&lt;img src=x onerror=alert(2)&gt;');
    expect(out.svg).toContain('say &quot;hi&quot; [now] {x} (y)');
    expect(out.svg).toContain('back\\slash \\n \\&quot; end');
    expect(out.svg).toContain('>line two<');
    expect(out.svg).not.toContain('<script');
  });
});
