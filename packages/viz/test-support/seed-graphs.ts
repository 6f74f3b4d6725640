/**
 * The graphs the views are tested on: the @weft/graph demo's graph, the
 * support example, a workflow tree, and a plain graph with a join and a
 * subgraph (its node functions are stubs: only the structure is drawn).
 */
import { agentTool, chatModelAgent, loop, parallel, Runner, sequential } from '@weft/agents';
import { END, graph, START, type AnyCompiledGraph } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { writeReviewPublish } from '../../graph/examples/write-review-publish.ts';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';

/** The @weft/graph demo's graph: write → review, looping back until good, then approve → publish. */
export const branchLoopGraph = (): AnyCompiledGraph => writeReviewPublish();

/** docs/examples/support: Coordinator → Billing, Tech (→ Database, Network), Account. */
export function supportGraph(): AnyCompiledGraph {
  return new Runner({ agent: supportAgent(scriptedSupportModels()) }).graph;
}

/** A sequential of an agent with an agent tool, a loop of two agents, and a parallel of two. */
export function workflowGraph(): AnyCompiledGraph {
  const agent = (name: string, description: string, extra: Partial<Parameters<typeof chatModelAgent>[0]> = {}) =>
    chatModelAgent({ name, description, model: scriptedModel([{ text: `${name}: ok` }], { repeatLast: true }), ...extra });
  const researcher = agent('Researcher', 'Finds sources.');
  // The writer calls its agent tool once, so a run goes through the tool's subgraph.
  const writer = agent('Writer', 'Writes the first draft.', {
    tools: [agentTool(researcher)],
    model: scriptedModel([{ toolCalls: [{ name: 'Researcher', arguments: { request: 'sources on graphs' } }] }, { text: 'draft' }]),
  });
  const refine = loop({
    name: 'Refine',
    description: 'Critique and edit, twice.',
    subAgents: [agent('Critic', 'Finds weak spots.'), agent('Editor', 'Fixes them.')],
    maxIterations: 2,
  });
  const publish = parallel({
    name: 'Publish',
    description: 'Posts everywhere at once.',
    subAgents: [agent('Blog', 'Posts to the blog.'), agent('Social', 'Posts a summary.')],
  });
  const root = sequential({ name: 'Article', description: 'Writes, refines and publishes.', subAgents: [writer, refine, publish] });
  return new Runner({ agent: root }).graph;
}

/** Two fetches joined (trigger 'all'), then a cleaning subgraph that loops until valid. */
export function joinSubgraphGraph(): AnyCompiledGraph {
  const clean = graph({ name: 'clean' })
    .addNode('normalise', (rows: unknown[]) => rows)
    .addNode('validate', (rows: unknown[]) => rows)
    .addEdge(START, 'normalise')
    .addEdge('normalise', 'validate')
    .addBranch('validate', (rows: unknown[]) => (rows.length > 0 ? END : 'normalise'), ['normalise', END])
    .compile();
  return graph({ name: 'etl' })
    .addNode('fetch_a', () => [1])
    .addNode('fetch_b', () => [2])
    .addNode('merge', (rows: unknown[]) => rows, { trigger: 'all' })
    .addNode('clean', clean)
    .addNode('store', (rows: unknown[]) => rows.length)
    .addEdge(START, 'fetch_a')
    .addEdge(START, 'fetch_b')
    .addEdge('fetch_a', 'merge')
    .addEdge('fetch_b', 'merge')
    .addEdge('merge', 'clean')
    .addEdge('clean', 'store')
    .addEdge('store', END)
    .compile();
}

/** Every seed graph by name, for tests that run over all of them. */
export const seedGraphs = {
  'branch-loop': branchLoopGraph,
  support: supportGraph,
  workflow: workflowGraph,
  'join-subgraph': joinSubgraphGraph,
} as const;
