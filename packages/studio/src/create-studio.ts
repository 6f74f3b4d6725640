import type { Agent } from '@weft/agents';
import type { CheckpointStore, CompiledGraph } from '@weft/graph';
import { drawGraph, type GraphDrawing } from '@weft/viz';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { readRoutes } from './api/read-routes.ts';
import { runRoutes } from './api/run-routes.ts';
import type { StudioDeps } from './api/studio-deps.ts';
import { openApiDocument } from './api/openapi.ts';
import { errorBody, httpStatusOf, StudioError } from './errors.ts';
import { ThreadChannels } from './events/thread-channels.ts';
import { guard } from './http/guard.ts';
import { studioPage } from './page/studio-page.ts';
import { channelInstrumentation, type Awaited } from './runs/channel-instrumentation.ts';
import { LocalRunner } from './runs/local-runner.ts';
import { isCompiledGraph, localTarget } from './runs/local-target.ts';
import { QueueRunner, type StudioQueue } from './runs/queue-runner.ts';

export interface StudioOptions {
  /** What the studio runs: an agent (through a Runner) or a compiled graph. */
  target: Agent | CompiledGraph<any, any, any, any>;
  /** Where threads are kept; runs, history and time travel read and write it. */
  store: CheckpointStore;
  /** Required as `Authorization: Bearer <token>` on every API request when set. */
  token?: string;
  /** Host names the server answers to (default: loopback names, or any when a token is set). */
  allowedHosts?: readonly string[];
  /** Session values every run starts with (an agent's instruction `{company}`); the page shows them and a request can override them. */
  sessionValues?: Record<string, unknown>;
  /** Saved with every checkpoint the studio's runs write (`weft serve` keeps the module there, so `weft resume` works too). */
  context?: Record<string, unknown>;
  /** The page's title (default: the graph's name). */
  title?: string;
  /** The largest request body, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Run on @weft/bullmq workers instead of in this process: a WeftQueue and
   * the name the workers know the target by. The studio still reads threads
   * from `store` (the workers' store). Forks need the local runner.
   */
  queue?: { queue: StudioQueue; target: string };
}

/** A studio: a fetch handler (for any server, or `serveStudio`) and `close()`, which waits for the runs it started. */
export interface Studio {
  fetch(request: Request): Response | Promise<Response>;
  close(): Promise<void>;
}

/**
 * Weft Studio's HTTP API and page over one agent or compiled graph, as a
 * fetch handler: `serveStudio` listens with it, and it mounts in any server
 * that speaks fetch (Hono, Bun, Deno, a Next.js route).
 *
 * @example
 * const studio = createStudio({ target: agent, store: new SqliteStore('.weft/weft.db') });
 * const res = await studio.fetch(new Request('http://127.0.0.1/api/threads'));
 */
export function createStudio(options: StudioOptions): Studio {
  checkOptions(options);
  const channels = new ThreadChannels();
  const awaited = new Map<string, Awaited>();
  const target = localTarget(options.target, options.store, channelInstrumentation(channels, awaited));
  const runner = options.queue
    ? new QueueRunner(options.queue.queue, options.queue.target, target.kind, options.store, channels)
    : new LocalRunner(target, options.store, channels, awaited, options.context ?? {});
  let drawing: Promise<GraphDrawing> | undefined;
  const deps: StudioDeps = {
    kind: target.kind,
    graph: target.graph,
    store: options.store,
    runner,
    channels,
    sessionValues: { ...options.sessionValues },
    drawing: () => (drawing ??= drawGraph(target.graph)),
    title: options.title ?? target.graph.name,
  };
  const app = new Hono();
  app.use('/api/*', guard({ token: options.token, allowedHosts: options.allowedHosts }));
  app.use('/api/*', bodyLimit({ maxSize: options.maxBodyBytes ?? 1024 * 1024, onError: (c) => c.json(errorBody(tooLarge()), 413) }));
  readRoutes(app, deps);
  runRoutes(app, deps);
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/', (c) => {
    const page = studioPage(deps.title);
    c.header('Content-Security-Policy', page.csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(page.html);
  });
  app.notFound((c) =>
    c.json(errorBody(new StudioError('NOT_FOUND', `no endpoint ${c.req.method} ${c.req.path}: see /api/openapi.json`)), 404),
  );
  app.onError((err, c) => {
    const body = errorBody(err);
    const status = httpStatusOf(body.error.code);
    if (status >= 500) console.error(err);
    return c.json(body, status as 500);
  });
  return { fetch: (request) => app.fetch(request), close: () => runner.close() };
}

function tooLarge(): StudioError {
  return new StudioError(
    'BODY_TOO_LARGE',
    'the request body is over the size limit; send less (the limit is maxBodyBytes, 1 MiB by default)',
  );
}

function checkOptions(options: StudioOptions): void {
  const bad = (message: string) => new StudioError('INVALID_ARGUMENT', `createStudio(): ${message}`);
  if (options === null || typeof options !== 'object') throw bad('takes an options object');
  const t = options.target as unknown as Record<string, unknown> | null;
  if (!isCompiledGraph(t) && !(t && typeof t === 'object' && typeof t['kind'] === 'string' && typeof t['name'] === 'string'))
    throw bad('target must be an agent or a compiled graph');
  if (!options.store || typeof options.store.claimThread !== 'function') throw bad('store must be a CheckpointStore');
  if (options.token !== undefined && (typeof options.token !== 'string' || options.token.length < 8))
    throw bad('token must be a string of at least 8 characters');
  const q = options.queue;
  if (
    q !== undefined &&
    (typeof q?.queue?.run !== 'function' || typeof q.queue.resume !== 'function' || typeof q.target !== 'string' || !q.target)
  )
    throw bad("queue must be { queue: a WeftQueue, target: the target's name on the workers }");
}
