import type { Agent, AgentGraphVersions } from '@weft/agents';
import { resolve } from 'node:path';
import type { MemoryBank } from '@weft/memory';
import { encodeValue, type AnyCompiledGraph, type CheckpointStore } from '@weft/graph';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { contentRoute } from './api/content-route.ts';
import { memoryRoute } from './api/memory-route.ts';
import { readRoutes } from './api/read-routes.ts';
import { runRoutes } from './api/run-routes.ts';
import { schedulesRoute } from './api/schedules-route.ts';
import { transcriptRoute } from './api/transcript-route.ts';
import type { StudioDeps } from './api/studio-deps.ts';
import { openApiDocument } from './api/openapi.ts';
import { ContentStore } from './content/content-store.ts';
import { checkModelPrices, type ModelPrice } from './calls/model-prices.ts';
import { errorBody, httpStatusOf, StudioError } from './errors.ts';
import { evalsRoute } from './evals/evals-route.ts';
import { graphDrawings } from './graph/graph-drawings.ts';
import { ThreadChannels } from './events/thread-channels.ts';
import { graphEventsRoute } from './dev/graph-events-route.ts';
import { GraphFeed, type GraphEventData } from './dev/graph-feed.ts';
import { replaceTarget, type ReplaceOptions } from './dev/replace-target.ts';
import { guard } from './http/guard.ts';
import { studioPage } from './page/studio-page.ts';
import { channelInstrumentation, type Awaited } from './runs/channel-instrumentation.ts';
import { LocalRunner } from './runs/local-runner.ts';
import { checkTargetVersions } from './runs/check-target-versions.ts';
import { localTarget } from './runs/local-target.ts';
import { QueueRunner, type StudioQueue } from './runs/queue-runner.ts';
import { RETRY_AFTER_SECONDS, RunAdmission } from './runs/run-admission.ts';

export interface StudioOptions {
  /** What the studio runs: an agent (through a Runner) or a compiled graph. */
  target: Agent | AnyCompiledGraph;
  /** Where threads are kept; runs, history and time travel read and write it. */
  store: CheckpointStore;
  /**
   * An agent target's graph version — its label, the migrations that take
   * older versions' threads to it, what to do with a thread another version
   * wrote, its behaviour patches — as `new Runner({ versions })` takes it:
   * the studio's runs write the label and continue older threads as it says.
   * A compiled graph carries its own (`compile({ version, migrations })`):
   * versions given with one are refused (INVALID_ARGUMENT).
   *
   * @example
   * createStudio({ target: supportAgent, store, versions: { version: 'v2', migrations: [v1ToV2], onGraphMismatch: 'migrate' } });
   */
  versions?: AgentGraphVersions;
  /** Required as `Authorization: Bearer <token>` on every API request when set. */
  token?: string;
  /** Host names the server answers to (default: loopback names, or any when a token is set). */
  allowedHosts?: readonly string[];
  /** Session values every run starts with (an agent's instruction `{company}`); the page shows them and a request can override them. */
  sessionValues?: Record<string, unknown>;
  /** Saved with every checkpoint the studio's runs write (`weft serve` keeps the module there, so `weft resume` works too). */
  context?: Record<string, unknown>;
  /** The page's title (default: the agent's name, or the graph's). */
  title?: string;
  /** The largest request body, in bytes (default 1 MiB); larger is 413 BODY_TOO_LARGE. Run requests have their own, maxRunBodyBytes. */
  maxBodyBytes?: number;
  /**
   * The largest body of POST /api/threads/:id/runs, in bytes (default 20 MiB):
   * a query carries its attached images and files as base64; larger is 413
   * BODY_TOO_LARGE.
   */
  maxRunBodyBytes?: number;
  /**
   * Bytes of images, files and audio the studio keeps for its pages to load
   * (default 64 MiB): the events and transcripts say a part's bytes by their
   * sha-256, and GET /api/threads/:id/content/:sha256 serves them. Past it
   * the least recently sent go (a page shows them as no longer available
   * until the thread is reopened); a larger part is never kept.
   */
  maxContentBytes?: number;
  /** How deep a JSON body may nest objects and arrays, its own object being level 1 (default 64); deeper is 400 BODY_TOO_DEEP. */
  maxBodyDepth?: number;
  /** How many object keys and array items a JSON body may hold in all (default 10,000); more is 400 BODY_TOO_MANY_KEYS. */
  maxBodyKeys?: number;
  /** Runs, resumes and forks under way at once, in this process or followed on queue workers (default 32). */
  maxRuns?: number;
  /** Requests that wait for one of maxRuns to end (default 64); past them, 429 TOO_MANY_RUNS with Retry-After. */
  maxQueuedRuns?: number;
  /**
   * Bytes of events held for one SSE follower that reads slower than the run
   * emits (default 4 MiB); past them it is disconnected, and it comes back
   * with Last-Event-ID for the rest.
   */
  maxFollowerBufferBytes?: number;
  /**
   * Run on @weft/bullmq workers instead of in this process: a WeftQueue and
   * the name the workers know the target by. The studio still reads threads
   * from `store` (the workers' store). Forks need the local runner.
   */
  queue?: { queue: StudioQueue; target: string };
  /**
   * What models cost, in US dollars per million tokens, by model name: the
   * timeline shows each model call's cost, and each run's total, from its
   * token counts. A call is priced by the first of these names the table
   * has: the model that answered (`response.model`), the model id its
   * requests name, the ChatModel's name. Default: none (no costs shown).
   *
   * @example
   * createStudio({ target, store, prices: { 'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 } } });
   */
  prices?: Record<string, ModelPrice>;
  /**
   * An agent's model calls stream their answers (the Runner's `streaming`):
   * the page shows each message growing as its chunks come. Default false.
   */
  streaming?: boolean;
  /**
   * The memory bank the target's memory tools use: the Memory tab then opens
   * an item's current value from its key (GET /api/memory reads it; the
   * studio never writes to it). Default: none (keys shown as text, and
   * GET /api/memory is 404 MEMORY_BANK_MISSING).
   *
   * @example
   * const bank = new InMemoryBank();
   * createStudio({ target: agentWithMemoryTools(bank), store, memory: bank });
   */
  memory?: MemoryBank;
  /**
   * A folder of eval reports (`weft eval --html x.html --out x.json`), read
   * only: GET /api/evals lists them (eval, date, counts from each JSON), the
   * page at /evals links them, GET /evals/<file> serves one. Default
   * `.weft/evals` (from the working directory); a missing folder lists none.
   */
  evalReports?: string;
}

/**
 * A studio: a fetch handler (for any server, or `serveStudio`) and `close()`,
 * which starts no more runs and waits for the runs it started.
 */
export interface Studio {
  /** `env`: the server's bindings, passed on as Hono takes them (under @hono/node-server, `{ incoming, outgoing }`). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  close(): Promise<void>;
  /**
   * Settles once the graph's drawings (each level the page shows) are laid
   * out, which starts with createStudio: from then on GET /api/graph answers
   * without laying anything out. `serveStudio` waits for it before resolving.
   */
  ready: Promise<void>;
  /**
   * Serves another build of the target from now on (`weft dev` after an
   * edit): new runs use it, runs under way finish on the old one, open pages
   * get a `graph` event on GET /api/graph/events. Resolves with that event's
   * data: what changed, and the threads the new graph cannot resume.
   * NOT_SUPPORTED on a queue studio; a value that is no agent or graph is
   * refused as createStudio refuses it, and the old target stays.
   */
  replaceTarget(target: Agent | AnyCompiledGraph, options?: ReplaceOptions): Promise<GraphEventData>;
  /** Tells the open pages that a new build failed (a `graph.error` event); the served target stays. */
  reportTargetError(error: { code?: string; message: string }): void;
}

/** The defaults of the limits (see StudioOptions). */
const DEFAULTS = {
  maxBodyBytes: 1024 * 1024,
  maxRunBodyBytes: 20 * 1024 * 1024,
  maxContentBytes: 64 * 1024 * 1024,
  maxBodyDepth: 64,
  maxBodyKeys: 10_000,
  maxRuns: 32,
  maxQueuedRuns: 64,
  maxFollowerBufferBytes: 4 * 1024 * 1024,
};

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
  const limits = { ...DEFAULTS, ...definedLimits(options) };
  const channels = new ThreadChannels(new ContentStore(limits.maxContentBytes));
  const awaited = new Map<string, Awaited>();
  const prices = options.prices === undefined ? {} : checkModelPrices(options.prices);
  const instrument = channelInstrumentation(channels, awaited, prices);
  const target = localTarget(options.target, options.store, instrument, options.streaming === true, options.versions);
  const runner = options.queue
    ? new QueueRunner(options.queue.queue, options.queue.target, target.kind, options.store, channels)
    : new LocalRunner(target, options.store, channels, awaited, options.context ?? {});
  const admission = new RunAdmission(limits.maxRuns, limits.maxQueuedRuns);
  const drawings = graphDrawings(target.graph, target.kind);
  const deps: StudioDeps = {
    kind: target.kind,
    graph: target.graph,
    store: options.store,
    runner,
    admission,
    limits,
    channels,
    sessionValues: { ...options.sessionValues },
    drawing: (view) => drawings.get(view),
    title: options.title ?? target.name,
    displayName: target.name,
    ...(options.memory ? { memory: options.memory } : {}),
    schedules: options.queue !== undefined,
  };
  const feed = new GraphFeed(target.graph.toJSON());
  const app = studioApp(deps, options, limits);
  graphEventsRoute(app, deps, feed);
  const scope = { deps, runner, feed, store: options.store, instrument, title: options.title, streaming: options.streaming === true };
  return {
    fetch: (request, env) => app.fetch(request, env),
    ready: drawings.ready,
    close: async () => {
      admission.close();
      await runner.close();
    },
    replaceTarget: (next, replace) => replaceTarget(scope, next, replace),
    reportTargetError: (error) => feed.failed({ code: error.code ?? 'TARGET_FAILED', message: error.message }),
  };
}

/** The routes over the deps, behind the guard and the body limit, with every error answered as a typed body. */
function studioApp(deps: StudioDeps, options: StudioOptions, limits: typeof DEFAULTS): Hono {
  const app = new Hono();
  const document = openApiDocument({ secured: options.token !== undefined });
  app.use('/api/*', guard({ token: options.token, allowedHosts: options.allowedHosts }));
  app.use('/api/*', bodyLimits(limits));
  // Eval reports hold model output: the same gate as the API.
  for (const path of ['/evals', '/evals/*']) app.use(path, guard({ token: options.token, allowedHosts: options.allowedHosts }));
  evalsRoute(app, resolve(options.evalReports ?? '.weft/evals'));
  readRoutes(app, deps);
  runRoutes(app, deps);
  transcriptRoute(app, deps);
  contentRoute(app, deps.channels.content);
  memoryRoute(app, deps.memory);
  schedulesRoute(app, options.queue?.queue);
  app.get('/api/openapi.json', (c) => c.json(document));
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
    // A refusal the client can do nothing about but wait says how long (429 TOO_MANY_RUNS, 503 STUDIO_CLOSING).
    if (status === 429 || status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    // Only the server's own failures are logged: a client's error is answered, not kept.
    if (status >= 500 && status !== 503) console.error(err);
    return c.json(body, status as 500);
  });
  return app;
}

/** The limits the options set (an option left undefined keeps its default). */
function definedLimits(options: StudioOptions): Partial<typeof DEFAULTS> {
  const keys = Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[];
  return Object.fromEntries(keys.filter((k) => options[k] !== undefined).map((k) => [k, options[k]]));
}

/** The body limit of each request: maxRunBodyBytes for a run (its attachments), maxBodyBytes for the rest. */
function bodyLimits(limits: typeof DEFAULTS): MiddlewareHandler {
  const limit = (maxSize: number, name: string) => bodyLimit({ maxSize, onError: (c) => c.json(errorBody(tooLarge(maxSize, name)), 413) });
  const runs = limit(limits.maxRunBodyBytes, 'maxRunBodyBytes');
  const others = limit(limits.maxBodyBytes, 'maxBodyBytes');
  return (c, next) => (/^\/api\/threads\/[^/]+\/runs$/.test(c.req.path) ? runs(c, next) : others(c, next));
}

function tooLarge(max: number, name: string): StudioError {
  return new StudioError(
    'BODY_TOO_LARGE',
    `the request body is over ${max.toLocaleString('en-US')} bytes (${name}); send less, or serve with a larger ${name}`,
    { details: { [name]: max } },
  );
}

function checkOptions(options: StudioOptions): void {
  const bad = (message: string) => new StudioError('INVALID_ARGUMENT', `createStudio(): ${message}`);
  if (options === null || typeof options !== 'object') throw bad('takes an options object');
  if (!options.store || typeof options.store.claimThread !== 'function') throw bad('store must be a CheckpointStore');
  if (options.token !== undefined && (typeof options.token !== 'string' || options.token.length < 8))
    throw bad('token must be a string of at least 8 characters');
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = options[key];
    const least = key === 'maxQueuedRuns' ? 0 : 1;
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= least))
      throw bad(`${key} must be a whole number of at least ${least} (default ${DEFAULTS[key].toLocaleString('en-US')})`);
  }
  if (options.evalReports !== undefined && (typeof options.evalReports !== 'string' || options.evalReports === ''))
    throw bad('evalReports must be the path of a folder of eval reports');
  if (options.memory !== undefined && typeof options.memory?.get !== 'function')
    throw bad('memory must be a MemoryBank (InMemoryBank, SqliteMemoryBank, PostgresMemoryBank, …)');
  for (const key of ['context', 'sessionValues'] as const) checkStorable(options[key], key, bad);
  checkTargetVersions('createStudio()', options.target, options.versions);
  const q = options.queue;
  if (
    q !== undefined &&
    (typeof q?.queue?.run !== 'function' || typeof q.queue.resume !== 'function' || typeof q.target !== 'string' || !q.target)
  )
    throw bad("queue must be { queue: a WeftQueue, target: the target's name on the workers }");
}

/** A value every run stores must be one a checkpoint can hold: refused here, it can never make a run fail later. */
function checkStorable(value: unknown, key: string, bad: (message: string) => StudioError): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad(`${key} must be an object`);
  try {
    encodeValue(value);
  } catch (err) {
    throw bad(`${key} must be plain data, as a checkpoint holds it: ${(err as Error).message}`);
  }
}
