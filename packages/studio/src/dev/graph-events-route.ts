import type { Hono } from 'hono';
import type { StudioDeps } from '../api/studio-deps.ts';
import { sseResponse } from '../http/sse-response.ts';
import type { GraphFeed, GraphFeedEvent } from './graph-feed.ts';
import { staleThreads } from './stale-threads.ts';

/**
 * GET /api/graph/events: the served graph as Server-Sent Events. It opens
 * with a `graph` event for the graph served now (its hash and the threads it
 * cannot resume) and, while the latest build failed, that `graph.error`;
 * then one event per replacement (`graph`) or failed build (`graph.error`).
 * A page that missed events while disconnected learns the state from the
 * opening ones.
 */
export function graphEventsRoute(app: Hono, deps: StudioDeps, feed: GraphFeed): void {
  app.get('/api/graph/events', async (c) => {
    const served = deps.graph.toJSON();
    const opening: GraphFeedEvent[] = [
      {
        id: feed.lastId,
        event: 'graph',
        data: {
          name: served.name,
          hash: served.hash,
          kind: deps.kind,
          source: null,
          previousHash: null,
          changes: null,
          stale: await staleThreads(deps.store, deps.graph, feed.seen),
        },
      },
    ];
    const error = feed.error;
    if (error) opening.push({ id: feed.lastId, event: 'graph.error', data: error });
    return sseResponse<GraphFeedEvent>(
      c,
      (listener) => {
        for (const event of opening) listener(event);
        return feed.subscribe(listener);
      },
      { maxBufferedBytes: deps.limits.maxFollowerBufferBytes },
    );
  });
}
