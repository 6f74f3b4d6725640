import { MemoryStore, type AnyCompiledGraph, type GraphEvent } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { seedGraphs, supportGraph, workflowGraph } from '../../test-support/seed-graphs.ts';
import { agentView } from './agent-view.ts';
import { vizModel } from './build-viz-model.ts';
import type { VizModel } from './viz-model.ts';

const SUPPORT_AGENTS = ['Coordinator', 'Billing', 'Tech', 'Database', 'Network', 'Account'];
const pairs = (m: VizModel, kind: string) => m.edges.filter((e) => e.kind === kind).map((e) => `${e.from}->${e.to}`);

/** Which drawn node each node-level id lands on: itself, or the node whose `members` list it. */
function landing(m: VizModel): Map<string, string> {
  return new Map(m.nodes.flatMap((n) => (n.members ?? [n.id]).map((id) => [id, n.id] as const)));
}

/** The node ids a run's node.start events name, in order. */
async function startedNodes(graph: AnyCompiledGraph, input: unknown): Promise<string[]> {
  const seen: string[] = [];
  const run = graph.withStore(new MemoryStore()).run(input, { threadId: 't' });
  run.subscribe((e: GraphEvent) => void (e.type === 'node.start' && seen.push([...e.path, e.node].join('/'))));
  await run;
  return seen;
}

describe('agentView', () => {
  it('support: the whole agent-level model matches its snapshot', async () => {
    await expect(`${JSON.stringify(agentView(vizModel(supportGraph())), null, 2)}\n`).toMatchFileSnapshot(
      '../__snapshots__/support.agents.json.snap',
    );
  });

  it('support: one node per agent between START and END, transfers between agents, no boxes', () => {
    const m = agentView(vizModel(supportGraph()));
    expect(m.nodes.map((n) => [n.id, n.kind])).toEqual([
      ['__start__', 'start'],
      ...SUPPORT_AGENTS.map((a) => [a, 'agent']),
      ['__end__', 'end'],
    ]);
    expect(m.clusters).toEqual([]);
    expect(m.nodes.find((n) => n.id === 'Tech')).toMatchObject({ label: 'Tech', members: ['Tech', 'Tech:tools'] });
    expect(m.nodes[0]!.members).toEqual(['__start__', 'run:start']);
    expect(pairs(m, 'transfer')).toEqual([
      'Coordinator->Billing',
      'Coordinator->Tech',
      'Coordinator->Account',
      'Billing->Coordinator',
      'Tech->Database',
      'Tech->Network',
      'Tech->Coordinator',
      'Database->Tech',
      'Network->Tech',
      'Account->Coordinator',
    ]);
    expect(m.edges.filter((e) => e.kind === 'transfer').map((e) => e.transfer)).toEqual([
      ...['child', 'child', 'child', 'parent', 'child', 'child', 'parent', 'parent', 'parent', 'parent'],
    ]);
    // Every agent may answer: one unlabelled way to END each; the run enters at the Coordinator.
    expect(m.edges.filter((e) => e.to === '__end__').map((e) => [e.from, e.kind, e.label])).toEqual(
      SUPPORT_AGENTS.map((a) => [a, 'branch', undefined]),
    );
    expect(pairs(m, 'edge')).toEqual(['__start__->Coordinator']);
    expect(m.edges).toHaveLength(17);
  });

  it('support, Tech expanded: its nodes in its box (which collapses back to Tech), the transfers on its model and tools nodes', () => {
    const m = agentView(vizModel(supportGraph()), ['Tech']);
    expect(m.clusters).toEqual([
      { id: 'agent:Coordinator/agent:Tech', label: 'Tech', kind: 'agent', parent: undefined, collapseTo: 'Tech' },
    ]);
    expect(m.nodes.filter((n) => n.cluster !== undefined).map((n) => [n.id, n.kind])).toEqual([
      ['Tech', 'chat-model'],
      ['Tech:tools', 'tools'],
    ]);
    expect(m.nodes.filter((n) => n.kind === 'agent').map((n) => n.id)).toEqual(SUPPORT_AGENTS.filter((a) => a !== 'Tech'));
    expect(pairs(m, 'transfer')).toEqual(
      expect.arrayContaining([
        'Coordinator->Tech',
        'Tech:tools->Database',
        'Tech:tools->Network',
        'Tech:tools->Coordinator',
        'Database->Tech',
      ]),
    );
    expect(m.edges.filter((e) => e.from.startsWith('Tech') && e.to.startsWith('Tech')).map((e) => [e.id, e.label])).toEqual([
      ['Tech->Tech:tools', 'tool calls'],
      ['Tech:tools->Tech', 'tool results'],
    ]);
  });

  it('workflow: workflow agents stay boxes; an agent tool is a call to the agent and its result back', () => {
    const m = agentView(vizModel(workflowGraph()));
    expect(m.clusters.map((c) => [c.id, c.kind, c.parent])).toEqual([
      ['agent:Article', 'sequential', undefined],
      ['agent:Article/agent:Refine', 'loop', 'agent:Article'],
      ['agent:Article/agent:Publish', 'parallel', 'agent:Article'],
    ]);
    const researcher = 'Writer:agent:Researcher/Researcher';
    expect(m.nodes.find((n) => n.id === researcher)).toMatchObject({ kind: 'agent', label: 'Researcher', cluster: 'agent:Article' });
    expect(m.edges.filter((e) => e.kind === 'agent-tool').map((e) => [e.from, e.to, e.label])).toEqual([
      ['Writer', researcher, 'call Researcher'],
      [researcher, 'Writer', 'result'],
    ]);
    expect(m.nodes.filter((n) => n.kind === 'agent').map((n) => n.label)).toEqual([
      'Writer',
      'Researcher',
      'Critic',
      'Editor',
      'Blog',
      'Social',
    ]);
  });

  it.each(Object.entries(seedGraphs))('%s: every node-level id lands on exactly one drawn node; edges join drawn nodes', (_name, make) => {
    const full = vizModel(make());
    const m = agentView(full);
    const lands = landing(m);
    expect([...lands.keys()].sort()).toEqual(full.nodes.map((n) => n.id).sort());
    const members = m.nodes.flatMap((n) => n.members ?? [n.id]);
    expect(members).toHaveLength(full.nodes.length);
    const ids = new Set(m.nodes.map((n) => n.id));
    for (const e of m.edges) expect([ids.has(e.from), ids.has(e.to), e.from !== e.to]).toEqual([true, true, true]);
    expect(new Set(m.edges.map((e) => e.id)).size).toBe(m.edges.length);
    const clusters = m.clusters.map((c) => c.id);
    m.clusters.forEach((c, i) => c.parent !== undefined && expect(clusters.indexOf(c.parent)).toBeLessThan(i));
    for (const n of m.nodes) if (n.cluster !== undefined) expect(clusters).toContain(n.cluster);
    // With every agent expanded, only the run's bookkeeping is folded away.
    const agents = m.nodes.filter((n) => n.kind === 'agent').map((n) => n.id);
    const open = agentView(full, agents);
    expect(open.nodes.map((n) => n.id)).toEqual(
      full.nodes
        .filter((n) => n.annotations['role'] === undefined || n.annotations['agent'] !== undefined)
        .map((n) => n.id)
        .filter((id) => !id.endsWith('run:start') && !id.endsWith('run:end')),
    );
  });

  it('a plain graph (no agents) comes back as it was', () => {
    for (const make of [seedGraphs['branch-loop'], seedGraphs['join-subgraph']])
      expect(agentView(vizModel(make()))).toEqual(vizModel(make()));
  });

  it('every node a support run and a workflow run start lands on a drawn node: Tech:tools on Tech, run:start on START', async () => {
    const support = agentView(vizModel(supportGraph()));
    const ran = await startedNodes(supportGraph(), {
      messages: [{ role: 'user', content: 'Dashboard slow; INV-1042 charged twice.' }],
      session: { company: 'Acme' },
    });
    const lands = landing(support);
    expect(ran.every((id) => lands.has(id))).toBe(true);
    expect(ran.slice(0, 5).map((id) => lands.get(id))).toEqual(['__start__', 'Coordinator', 'Coordinator', 'Tech', 'Tech']);
    expect(ran.slice(0, 5)).toEqual(['run:start', 'Coordinator', 'Coordinator:tools', 'Tech', 'Tech:tools']);
    const workflow = agentView(vizModel(workflowGraph()));
    const wran = await startedNodes(workflowGraph(), { messages: [{ role: 'user', content: 'Write about graphs.' }], session: {} });
    const wl = landing(workflow);
    expect(wran.filter((id) => !wl.has(id))).toEqual([]);
    expect(wran.map((id) => wl.get(id))).toContain('Writer:agent:Researcher/Researcher');
  });

  it('refuses to expand what is not an agent, naming the agents it has', () => {
    const full = vizModel(supportGraph());
    expect(() => agentView(full, ['Tech:tools', 'Nobody'])).toThrowError(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message:
          'expanded names "Tech:tools", "Nobody", not an agent of graph "agents:Coordinator"; its agents are "Coordinator", "Billing", "Tech", "Database", "Network", "Account" (an agent\'s id is its model node\'s)',
      }),
    );
  });
});
