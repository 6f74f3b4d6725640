import { describe, expect, it } from 'vitest';
import { checkMermaidSyntax, parseMermaid } from '../../test-support/mermaid-parser.ts';
import { NASTY_NAMES, nastyGraph } from '../../test-support/nasty-graph.ts';
import { seedGraphs, supportGraph } from '../../test-support/seed-graphs.ts';
import { vizModel } from '../model/build-viz-model.ts';
import { mermaidIds } from './mermaid-ids.ts';
import { toMermaid } from './to-mermaid.ts';

const sortById = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('toMermaid', () => {
  it.each(Object.entries(seedGraphs))('%s: the whole flowchart matches its snapshot', async (name, make) => {
    await expect(toMermaid(make())).toMatchFileSnapshot(`../__snapshots__/${name}.mmd`);
  });

  it.each(Object.entries(seedGraphs))('%s: Mermaid parses it into every node, edge and cluster of the model', async (_name, make) => {
    const graph = make();
    const model = vizModel(graph);
    const parsed = await parseMermaid(toMermaid(graph));
    expect(parsed.vertices).toHaveLength(model.nodes.length);
    expect(parsed.edges).toHaveLength(model.edges.length);
    expect(parsed.edges.map((e) => e.text)).toEqual(model.edges.map((e) => e.label ?? ''));
    expect(parsed.subgraphs).toHaveLength(model.clusters.length);
    // Each Mermaid subgraph holds exactly the cluster's own nodes and child clusters.
    const ids = mermaidIds(model);
    const expected = model.clusters.map((c) => ({
      id: ids.cluster(c.id),
      members: [
        ...model.nodes.filter((n) => n.cluster === c.id).map((n) => ids.node(n.id)),
        ...model.clusters.filter((k) => k.parent === c.id).map((k) => ids.cluster(k.id)),
      ].sort(),
    }));
    const actual = parsed.subgraphs.map((sg) => ({ id: sg.id, members: [...sg.nodes].sort() }));
    expect(sortById(actual)).toEqual(sortById(expected));
  });

  it('draws each kind of edge its own way and colors transfers and agent-tool calls by position', async () => {
    const text = toMermaid(supportGraph());
    const model = vizModel(supportGraph());
    const edgeLines = text.split('\n').filter((l) => /^ {2}n_\S+ (-->|-\.->|==>|--o)/.test(l));
    expect(edgeLines).toHaveLength(model.edges.length);
    expect(edgeLines[model.edges.findIndex((e) => e.id === 'Tech:tools->Database')]).toBe('  n_Tech_tools ==>|"transfer"| n_Database');
    expect(edgeLines[model.edges.findIndex((e) => e.id === 'Tech->Tech:tools')]).toBe('  n_Tech -.->|"tool calls"| n_Tech_tools');
    const transfers = model.edges.flatMap((e, i) => (e.kind === 'transfer' ? [i] : []));
    expect(text).toContain(`  linkStyle ${transfers.join(',')} stroke:#e8590c,stroke-width:2.5px\n`);
    await parseMermaid(text);
  });

  it('lays out left to right when asked', async () => {
    const text = toMermaid(supportGraph(), { direction: 'LR' });
    expect(text.split('\n')[3]).toBe('flowchart LR');
    await parseMermaid(text);
  });

  it('escapes quotes, brackets, markup, entities, pipes and newlines so the chart still parses to the same graph', async () => {
    const graph = nastyGraph();
    const text = toMermaid(graph);
    const parsed = await parseMermaid(text);
    expect(parsed.vertices).toHaveLength(graph.nodes.length);
    expect(new Set(parsed.vertices).size).toBe(graph.nodes.length);
    expect(parsed.edges).toHaveLength(graph.edges.length);
    expect(parsed.subgraphs).toHaveLength(1);
    // The title is YAML text (drawn as text); everything after it is Mermaid, where markup would be live.
    const body = text.split('\n').slice(3).join('\n');
    expect(body).not.toMatch(/<script|<img|<b>|<i>|\r/);
    // Every name is written as entities Mermaid decodes back to the name (newlines as <br/>).
    const decode = (s: string) => s.replace(/#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))).replace(/<br\/>/g, '\n');
    const labels = [...body.matchAll(/^ {2,4}n_\w+[([{/\\>]+"(.*)"[)\]}/\\]+$/gm)].map((m) => decode(m[1]!));
    expect(labels.sort()).toEqual(['START', ...NASTY_NAMES.map((n) => n.replace(/\r\n/g, '\n')), 'END'].sort());
  });

  it('the parser used here does reject bad syntax', async () => {
    await expect(checkMermaidSyntax('flowchart TD\n  a[["x"] --> b')).rejects.toThrow(/Parse error/);
    await expect(checkMermaidSyntax('flowchart TD\n  end --> b')).rejects.toThrow(/Parse error/);
  });
});
