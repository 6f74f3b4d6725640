import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { supportGraph } from '../../test-support/seed-graphs.ts';
import { drawGraph } from './draw-graph.ts';

const parse = (svg: string) => new JSDOM(`<body>${svg}</body>`).window.document;

describe('drawGraph', () => {
  it('draws every node by default, and one node per agent (with its expand toggle) at the agents level', async () => {
    const nodes = await drawGraph(supportGraph());
    expect([nodes.level, nodes.expanded, nodes.model.nodes.length]).toEqual(['nodes', [], 15]);
    expect(parse(nodes.svg).querySelectorAll('.toggle')).toHaveLength(0);

    const agents = await drawGraph(supportGraph(), { level: 'agents' });
    const doc = parse(agents.svg);
    const ids = [...doc.querySelectorAll('g.node')].map((g) => [g.getAttribute('data-id'), g.getAttribute('data-kind')]);
    expect(ids).toEqual([
      ['__start__', 'start'],
      ...['Coordinator', 'Billing', 'Tech', 'Database', 'Network', 'Account'].map((a) => [a, 'agent']),
      ['__end__', 'end'],
    ]);
    expect([...doc.querySelectorAll('g.node [data-expand]')].map((t) => t.getAttribute('data-expand'))).toEqual(
      ids.slice(1, 7).map(([id]) => id),
    );
    expect(doc.querySelectorAll('g.route-steps')).toHaveLength(1);
  });

  it('draws an expanded agent in its box, with the toggle that collapses it', async () => {
    const drawing = await drawGraph(supportGraph(), { level: 'agents', expanded: ['Tech', 'Tech'] });
    expect(drawing.expanded).toEqual(['Tech']);
    const doc = parse(drawing.svg);
    expect([...doc.querySelectorAll('[data-collapse]')].map((t) => t.getAttribute('data-collapse'))).toEqual(['Tech']);
    expect(doc.querySelector('g.node[data-id="Tech:tools"]')?.getAttribute('data-kind')).toBe('tools');
  });

  it('refuses options it cannot draw, saying what to pass', async () => {
    const g = supportGraph();
    await expect(drawGraph(g, { level: 'boxes' as 'nodes' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'drawGraph(graph, options?): level must be "agents" or "nodes" (got "boxes")',
    });
    await expect(drawGraph(g, { expanded: ['Tech'] })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'drawGraph(graph, options?): expanded applies to the "agents" level only (at the "nodes" level every agent is drawn with its nodes)',
    });
    await expect(drawGraph(g, { level: 'agents', expanded: ['Nobody'] })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
