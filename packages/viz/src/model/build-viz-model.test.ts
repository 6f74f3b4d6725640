import { MemoryStore, type AnyCompiledGraph, type GraphEvent } from '@weft/graph';
import { userMessage } from '@weft/agents';
import { describe, expect, it } from 'vitest';
import { branchLoopGraph, joinSubgraphGraph, seedGraphs, supportGraph, workflowGraph } from '../../test-support/seed-graphs.ts';
import { toDot } from '../dot/to-dot.ts';
import { toMermaid } from '../mermaid/to-mermaid.ts';
import { toJSON, vizModel } from './build-viz-model.ts';
import type { VizEdge, VizModel } from './viz-model.ts';

const edge = (m: VizModel, from: string, to: string): VizEdge | undefined => m.edges.find((e) => e.from === from && e.to === to);
const clusterOf = (m: VizModel, node: string) => m.nodes.find((n) => n.id === node)?.cluster;

/** Every node id a run's events name (`[...path, node].join('/')`), in order of first start. */
async function startedNodes(graph: AnyCompiledGraph, input: unknown): Promise<string[]> {
  const seen: string[] = [];
  const run = graph.withStore(new MemoryStore()).run(input, { threadId: 't' });
  run.subscribe((e: GraphEvent) => {
    if (e.type === 'node.start' && !seen.includes([...e.path, e.node].join('/'))) seen.push([...e.path, e.node].join('/'));
  });
  await run;
  return seen;
}

describe('vizModel', () => {
  it.each(Object.entries(seedGraphs))('%s: the whole model matches its snapshot', async (name, make) => {
    await expect(`${JSON.stringify(vizModel(make()), null, 2)}\n`).toMatchFileSnapshot(`../__snapshots__/${name}.model.json.snap`);
  });

  it.each(Object.entries(seedGraphs))('%s: is deterministic and the same from a compiled graph or its GraphJSON', (_name, make) => {
    const a = make();
    const b = make();
    expect(JSON.stringify(vizModel(a))).toBe(JSON.stringify(vizModel(b)));
    expect(JSON.stringify(vizModel(a.toJSON()))).toBe(JSON.stringify(vizModel(a)));
    expect(toJSON(a)).toEqual(vizModel(a));
    expect(toMermaid(a)).toBe(toMermaid(b));
    expect(toDot(a)).toBe(toDot(b));
  });

  it.each(Object.entries(seedGraphs))('%s: ids are unique, edges join known nodes, clusters come after their parents', (_name, make) => {
    const m = vizModel(make());
    const ids = m.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(m.edges.map((e) => e.id)).size).toBe(m.edges.length);
    for (const e of m.edges) expect([ids.includes(e.from), ids.includes(e.to)]).toEqual([true, true]);
    const clusters = m.clusters.map((c) => c.id);
    expect(new Set(clusters).size).toBe(clusters.length);
    m.clusters.forEach((c, i) => {
      if (c.parent !== undefined) expect(clusters.indexOf(c.parent)).toBeLessThan(i);
    });
    for (const n of m.nodes) if (n.cluster !== undefined) expect(clusters).toContain(n.cluster);
  });

  it('the support system: transfers with their direction in the tree, and nothing else is a transfer', () => {
    const m = vizModel(supportGraph());
    const transfers = m.edges.filter((e) => e.kind === 'transfer').map((e) => [e.from, e.to, e.transfer, e.label]);
    expect(transfers).toEqual([
      ['Coordinator:tools', 'Billing', 'child', 'transfer'],
      ['Coordinator:tools', 'Tech', 'child', 'transfer'],
      ['Coordinator:tools', 'Account', 'child', 'transfer'],
      ['Billing:tools', 'Coordinator', 'parent', 'transfer'],
      ['Tech:tools', 'Database', 'child', 'transfer'],
      ['Tech:tools', 'Network', 'child', 'transfer'],
      ['Tech:tools', 'Coordinator', 'parent', 'transfer'],
      ['Database:tools', 'Tech', 'parent', 'transfer'],
      ['Network:tools', 'Tech', 'parent', 'transfer'],
      ['Account:tools', 'Coordinator', 'parent', 'transfer'],
    ]);
  });

  it('the support system: clusters nest as the agent tree does', () => {
    const m = vizModel(supportGraph());
    expect(m.clusters.map((c) => [c.id, c.label, c.kind, c.parent])).toEqual([
      ['agent:Coordinator', 'Coordinator', 'agent', undefined],
      ['agent:Coordinator/agent:Billing', 'Billing', 'agent', 'agent:Coordinator'],
      ['agent:Coordinator/agent:Tech', 'Tech', 'agent', 'agent:Coordinator'],
      ['agent:Coordinator/agent:Tech/agent:Database', 'Database', 'agent', 'agent:Coordinator/agent:Tech'],
      ['agent:Coordinator/agent:Tech/agent:Network', 'Network', 'agent', 'agent:Coordinator/agent:Tech'],
      ['agent:Coordinator/agent:Account', 'Account', 'agent', 'agent:Coordinator'],
    ]);
    expect(['__start__', 'run:start', '__end__'].map((id) => clusterOf(m, id))).toEqual([undefined, undefined, undefined]);
  });

  it('the support system: each agent has its ReAct loop inside its own cluster, and answers end the run', () => {
    const m = vizModel(supportGraph());
    for (const agent of ['Coordinator', 'Billing', 'Tech', 'Database', 'Network', 'Account']) {
      const cluster = m.clusters.find((c) => c.label === agent)!.id;
      expect([agent, `${agent}:tools`].map((id) => clusterOf(m, id))).toEqual([cluster, cluster]);
      expect(edge(m, agent, `${agent}:tools`)).toMatchObject({ kind: 'branch', label: 'tool calls' });
      expect(edge(m, `${agent}:tools`, agent)).toMatchObject({ kind: 'branch', label: 'tool results' });
      expect(edge(m, agent, '__end__')).toMatchObject({ kind: 'branch', label: 'answer' });
    }
    expect(m.nodes.find((n) => n.id === 'Database:tools')!.annotations['tools']).toEqual([
      expect.objectContaining({ name: 'slow_queries', parameters: expect.objectContaining({ required: ['since_hours'] }) }),
      expect.objectContaining({ name: 'transfer_to_agent' }),
    ]);
  });

  it('the workflow tree: workflow clusters, the agent tool and its subgraph, and the fixed order', () => {
    const m = vizModel(workflowGraph());
    expect(m.clusters.map((c) => [c.id, c.kind, c.parent])).toEqual([
      ['agent:Article', 'sequential', undefined],
      ['agent:Article/agent:Writer', 'agent', 'agent:Article'],
      ['Writer:agent:Researcher', 'subgraph', 'agent:Article/agent:Writer'],
      ['Writer:agent:Researcher/agent:Researcher', 'agent', 'Writer:agent:Researcher'],
      ['agent:Article/agent:Refine', 'loop', 'agent:Article'],
      ['agent:Article/agent:Refine/agent:Critic', 'agent', 'agent:Article/agent:Refine'],
      ['agent:Article/agent:Refine/agent:Editor', 'agent', 'agent:Article/agent:Refine'],
      ['agent:Article/agent:Publish', 'parallel', 'agent:Article'],
      ['agent:Article/agent:Publish/agent:Blog', 'agent', 'agent:Article/agent:Publish'],
      ['agent:Article/agent:Publish/agent:Social', 'agent', 'agent:Article/agent:Publish'],
    ]);
    expect(m.edges.filter((e) => e.kind === 'agent-tool').map((e) => [e.from, e.to, e.label])).toEqual([
      ['Writer', 'Writer:agent:Researcher', 'call Researcher'],
      ['Writer:agent:Researcher', 'Writer', 'result'],
      ['Writer:agent:Researcher', 'Writer:agent:Researcher/__start__', undefined],
    ]);
    expect(m.edges.filter((e) => e.kind === 'transfer')).toEqual([]);
    expect(edge(m, 'Writer', 'Refine')).toMatchObject({ kind: 'edge', label: 'answer' });
    // A failed model call stops the agent's branch where it is (the run ends with an error): no edge stands for it.
    expect(edge(m, 'Writer', '__end__')).toBeUndefined();
    expect(edge(m, 'Refine:next', 'Critic')).toMatchObject({ kind: 'branch', label: 'repeat' });
    expect(edge(m, 'Refine:next', 'Editor')).toMatchObject({ kind: 'branch', label: 'next' });
    expect(edge(m, 'Refine:next', 'Publish')).toMatchObject({ kind: 'edge', label: 'done' });
    expect([edge(m, 'Publish', 'Blog'), edge(m, 'Publish', 'Social')]).toMatchObject([{ kind: 'edge' }, { kind: 'edge' }]);
    expect(edge(m, 'Publish:join', '__end__')).toMatchObject({ kind: 'branch', label: 'all done' });
    expect(edge(m, 'Writer:agent:Researcher/Researcher', 'Writer:agent:Researcher/run:end')).toMatchObject({ label: 'answer' });
  });

  it('a run names every node it starts by a model id, inside agent tools too', async () => {
    const graph = workflowGraph();
    const ids = vizModel(graph).nodes.map((n) => n.id);
    const started = await startedNodes(graph, { messages: [userMessage('Write about graphs.')], session: {} });
    expect(started).toContain('Writer:agent:Researcher/Researcher');
    expect(started.filter((id) => !ids.includes(id))).toEqual([]);
    const support = supportGraph();
    const supportIds = vizModel(support).nodes.map((n) => n.id);
    const supportRun = await startedNodes(support, {
      messages: [userMessage('Dashboard slow; INV-1042 charged twice.')],
      session: { company: 'Acme' },
    });
    expect(supportRun).toEqual(expect.arrayContaining(['Coordinator', 'Tech:tools', 'Database:tools', 'Billing:tools']));
    expect(supportRun.filter((id) => !supportIds.includes(id))).toEqual([]);
  });

  it('a plain graph: the join is marked, the subgraph is a cluster entered from its node', () => {
    const m = vizModel(joinSubgraphGraph());
    expect(m.nodes.filter((n) => n.join).map((n) => n.id)).toEqual(['merge']);
    expect(m.clusters).toEqual([{ id: 'clean', label: 'clean', kind: 'subgraph', parent: undefined }]);
    expect(m.nodes.map((n) => [n.id, n.cluster])).toEqual([
      ['__start__', undefined],
      ['fetch_a', undefined],
      ['fetch_b', undefined],
      ['merge', undefined],
      ['clean', undefined],
      ['clean/__start__', 'clean'],
      ['clean/normalise', 'clean'],
      ['clean/validate', 'clean'],
      ['clean/__end__', 'clean'],
      ['store', undefined],
      ['__end__', undefined],
    ]);
    expect(edge(m, 'clean', 'clean/__start__')).toMatchObject({ kind: 'edge' });
    expect(edge(m, 'clean/validate', 'clean/normalise')).toMatchObject({ kind: 'branch', label: 'normalise' });
    expect(edge(m, 'clean/validate', 'clean/__end__')).toMatchObject({ kind: 'branch', label: 'END' });
  });

  it('the branch-loop demo: a generic branch is labelled with its target', () => {
    const m = vizModel(branchLoopGraph());
    expect(m.clusters).toEqual([]);
    expect(m.edges.map((e) => [e.id, e.kind, e.label])).toEqual([
      ['__start__->write', 'edge', undefined],
      ['write->review', 'edge', undefined],
      ['approve->publish', 'edge', undefined],
      ['publish->__end__', 'edge', undefined],
      ['review->write', 'branch', 'write'],
      ['review->approve', 'branch', 'approve'],
    ]);
    expect(m.nodes.map((n) => n.label)).toEqual(['START', 'write', 'review', 'approve', 'publish', 'END']);
  });

  it('numbers a repeated pair and keeps annotations as a copy', () => {
    const annotations = { note: { deep: true } };
    const json = {
      name: 'g',
      hash: 'h',
      nodes: [
        { id: '__start__', kind: 'start', trigger: 'any' as const },
        { id: 'a', kind: 'lambda', trigger: 'any' as const, annotations },
        { id: '__end__', kind: 'end', trigger: 'any' as const },
      ],
      edges: [
        { from: '__start__', to: 'a', kind: 'edge' as const },
        { from: 'a', to: '__end__', kind: 'edge' as const },
        { from: 'a', to: '__end__', kind: 'branch' as const },
      ],
    };
    const m = vizModel(json);
    expect(m.edges.map((e) => e.id)).toEqual(['__start__->a', 'a->__end__', 'a->__end__#2']);
    expect(m.nodes[1]!.annotations).toEqual(annotations);
    expect(m.nodes[1]!.annotations).not.toBe(annotations);
  });
});
