import type { Hono } from 'hono';
import { WeftError } from '@weft/graph';
import { headGraph } from '../threads/head-graph.ts';
import { threadVersion } from '../threads/thread-version.ts';
import { historyPage, stateView, threadRows } from '../threads/thread-views.ts';
import { StudioError } from '../errors.ts';
import { graphQuery, historyQuery, stateQuery, threadsQuery } from './bodies.ts';
import type { GraphResponse, ThreadsResponse } from './responses.ts';
import { parseWith } from './parse-body.ts';
import type { StudioDeps } from './studio-deps.ts';
import { threadIdOf } from './thread-id.ts';

/** Agents one GET /api/graph may expand (a page expands one or a few; each combination is laid out and kept). */
const MAX_EXPANDED = 100;

/** The read-only endpoints: the graph, the threads, a thread's state and history. */
export function readRoutes(app: Hono, deps: StudioDeps): void {
  app.get('/api/graph', async (c) => {
    const q = parseWith(graphQuery, c.req.query(), 'query');
    const expanded = c.req.queries('expand') ?? [];
    if (expanded.length > MAX_EXPANDED || expanded.some((e) => e.length > 200))
      throw new StudioError('BAD_REQUEST', `query.expand: at most ${MAX_EXPANDED} agents, each named in at most 200 characters`);
    // `model` is every node whatever the level (the panels look tools and nodes up in it); `drawn` is what the svg shows.
    const [drawing, full] = await Promise.all([deps.drawing({ level: q.level, expanded }), deps.drawing({ level: 'nodes' })]);
    return c.json({
      name: deps.graph.name,
      displayName: deps.displayName,
      hash: full.model.hash,
      kind: deps.kind,
      title: deps.title,
      // A copy's type takes the index signature the response's record has (an interface's does not).
      model: { ...full.model },
      svg: drawing.svg,
      drawn: { ...drawing.model },
      level: drawing.level,
      expanded: drawing.expanded,
      sessionValues: deps.sessionValues,
      memoryBank: deps.memory !== undefined,
      schedules: deps.schedules,
    } satisfies GraphResponse);
  });
  app.get('/api/threads', async (c) => {
    const q = parseWith(threadsQuery, c.req.query(), 'query');
    const options = { limit: q.limit ?? 100, filter: q.graph ?? 'this' };
    const threads = await threadRows(deps.store, deps.graph, options, (id) => deps.channels.running(id));
    return c.json({ threads } satisfies ThreadsResponse);
  });
  app.get('/api/threads/:id/state', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const q = parseWith(stateQuery, c.req.query(), 'query');
    const head = await deps.store.get(threadId);
    if (!head) throw notFound(threadId);
    const view = (await stateView(deps.graph, threadId, q.checkpointId)) as Record<string, unknown>;
    const version = await threadVersion(deps.graph, threadId, await headGraph(deps.store, threadId, head.id));
    return c.json({ ...view, running: deps.channels.running(threadId), version });
  });
  app.get('/api/threads/:id/history', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const q = parseWith(historyQuery, c.req.query(), 'query');
    const page = await historyPage(deps.store, threadId, q.limit ?? 20, q.before);
    if (page.checkpoints.length === 0 && q.before === undefined) throw notFound(threadId);
    return c.json(page);
  });
}

function notFound(threadId: string): WeftError {
  return new WeftError('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints`, { details: { threadId } });
}
