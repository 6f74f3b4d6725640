/**
 * GET /api/graph and its drawings: each level laid out once, before
 * serveStudio resolves (the support example's first GET /api/graph took 6.5 s
 * after "studio ready" when it laid the graph out itself), a view with an
 * agent expanded laid out once when first asked, and a view that is no view
 * refused with what to ask instead.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '@weft/store-sqlite';
import * as viz from '@weft/viz';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { serveStudio, type ServedStudio } from '../src/index.ts';
import { reviewStudio } from './support/review-graph.ts';

/** Every drawGraph call: the view asked, and whether its layout has settled. */
const layouts: { level: string; expanded: string[]; settled: boolean }[] = [];

vi.mock('@weft/viz', async (importOriginal) => {
  const actual = await importOriginal<typeof viz>();
  return {
    ...actual,
    drawGraph: (graph: Parameters<typeof viz.drawGraph>[0], options: viz.DrawGraphOptions = {}) => {
      const call = { level: options.level ?? 'nodes', expanded: [...(options.expanded ?? [])], settled: false };
      layouts.push(call);
      return actual.drawGraph(graph, options).finally(() => (call.settled = true));
    },
  };
});

let served: { studio: ServedStudio; store: SqliteStore } | undefined;
afterEach(async () => {
  await served?.studio.close();
  await served?.store.close();
  served = undefined;
  layouts.length = 0;
});

async function serveSupport(): Promise<ServedStudio> {
  const store = new SqliteStore({ path: join(mkdtempSync(join(tmpdir(), 'weft-studio-graph-')), 'weft.db'), durability: 'async' });
  const studio = await serveStudio({ target: supportAgent(scriptedSupportModels()), store, port: 0 });
  served = { studio, store };
  return studio;
}

async function get(studio: ServedStudio, path: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(new URL(path, studio.url));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('GET /api/graph', () => {
  it('is laid out at both levels before serveStudio resolves, and answers each level without laying anything out again', async () => {
    const studio = await serveSupport();
    expect(layouts).toEqual([
      { level: 'agents', expanded: [], settled: true },
      { level: 'nodes', expanded: [], settled: true },
    ]);
    const agents = await get(studio, 'api/graph');
    expect(agents.status).toBe(200);
    expect([agents.body['level'], agents.body['expanded'], agents.body['kind']]).toEqual(['agents', [], 'agent']);
    expect(agents.body['drawn'].nodes.map((n: { id: string }) => n.id)).toEqual([
      '__start__',
      'Coordinator',
      'Billing',
      'Tech',
      'Database',
      'Network',
      'Account',
      '__end__',
    ]);
    // `model` is every node whatever the level: the panels read tools' schemas from it.
    expect(agents.body['model'].nodes).toHaveLength(15);
    const nodes = await get(studio, 'api/graph?level=nodes');
    expect([nodes.body['level'], nodes.body['drawn'].nodes.length, nodes.body['svg'].includes('data-level="nodes"')]).toEqual([
      'nodes',
      15,
      true,
    ]);
    expect(layouts).toHaveLength(2);
  });

  it('lays out a view with agents expanded once, when first asked, whatever the order they are named in', async () => {
    const studio = await serveSupport();
    const first = await get(studio, 'api/graph?level=agents&expand=Tech&expand=Billing');
    expect([first.status, first.body['expanded']]).toEqual([200, ['Billing', 'Tech']]);
    expect(first.body['drawn'].clusters.map((c: { collapseTo: string }) => c.collapseTo)).toEqual(['Billing', 'Tech']);
    const again = await get(studio, 'api/graph?expand=Billing&expand=Tech');
    expect(again.body['svg']).toBe(first.body['svg']);
    expect(layouts.map((l) => [l.level, l.expanded])).toEqual([
      ['agents', []],
      ['nodes', []],
      ['agents', ['Billing', 'Tech']],
    ]);
  });

  it('draws a graph at its nodes level, laid out before serveStudio resolves', async () => {
    const review = await reviewStudio();
    try {
      expect(layouts).toEqual([{ level: 'nodes', expanded: [], settled: true }]);
      const { body } = await review.call('/api/graph');
      expect([body.kind, body.level, body.expanded, body.drawn.nodes.length, body.model.nodes.length]).toEqual([
        'graph',
        'nodes',
        [],
        5,
        5,
      ]);
      expect(layouts).toHaveLength(1);
    } finally {
      await review.served.close();
    }
  });

  it('refuses a view it cannot draw: not an agent, expand at the nodes level, a level it does not know', async () => {
    const studio = await serveSupport();
    const notAgent = await get(studio, 'api/graph?expand=Tech:tools');
    expect(notAgent).toEqual({
      status: 400,
      body: {
        error: {
          code: 'INVALID_ARGUMENT',
          message:
            'expanded names "Tech:tools", not an agent of graph "agents:Coordinator"; its agents are "Coordinator", "Billing", "Tech", "Database", "Network", "Account" (an agent\'s id is its model node\'s)',
          details: { unknown: ['Tech:tools'], agents: AGENT_IDS },
        },
      },
    });
    const atNodes = await get(studio, 'api/graph?level=nodes&expand=Tech');
    expect([atNodes.status, atNodes.body['error'].code, atNodes.body['error'].message]).toEqual([
      400,
      'INVALID_ARGUMENT',
      'drawGraph(graph, options?): expanded applies to the "agents" level only (at the "nodes" level every agent is drawn with its nodes)',
    ]);
    const level = await get(studio, 'api/graph?level=boxes');
    expect([level.status, level.body['error'].code]).toEqual([400, 'BAD_REQUEST']);
    // The refused views are not kept: the next good request draws as before.
    expect((await get(studio, 'api/graph')).status).toBe(200);
  });
});

const AGENT_IDS = ['Coordinator', 'Billing', 'Tech', 'Database', 'Network', 'Account'];
