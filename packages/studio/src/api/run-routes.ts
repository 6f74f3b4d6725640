import type { Context, Hono } from 'hono';
import type { RunRequest } from '../runs/run-request.ts';
import type { StartedRun } from '../runs/studio-runner.ts';
import { sseResponse } from '../http/sse-response.ts';
import { eventsQuery, forkBody, resumeBody, runBody } from './bodies.ts';
import { parseWith } from './parse-body.ts';
import { parseJsonBody } from './parse-json-body.ts';
import { runInputOf } from './run-input-of.ts';
import type { RunEndResponse, RunStartedResponse } from './responses.ts';
import type { StudioDeps } from './studio-deps.ts';
import { threadIdOf } from './thread-id.ts';
import { StudioError } from '../errors.ts';

/** The endpoints that start runs (run, resume, fork) and the live events of a thread. */
export function runRoutes(app: Hono, deps: StudioDeps): void {
  app.post('/api/threads/:id/runs', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), true);
    const body = parseWith(runBody, await jsonBody(c, deps), 'body');
    const sessionValues = { ...deps.sessionValues, ...body.sessionValues };
    const input = runInputOf(body.input, deps.kind);
    const multitask = body.multitask ?? 'reject';
    return startAndAnswer(c, deps, { mode: 'run', threadId, input, sessionValues, multitask }, body);
  });
  app.post('/api/threads/:id/resume', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const body = parseWith(resumeBody, await jsonBody(c, deps), 'body');
    const request: RunRequest = {
      mode: 'resume',
      threadId,
      checkpointId: body.checkpointId,
      resume: body.resume,
      sessionValues: body.sessionValues ?? {},
    };
    return startAndAnswer(c, deps, request, body);
  });
  app.post('/api/threads/:id/fork', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const body = parseWith(forkBody, await jsonBody(c, deps), 'body');
    const { checkpointId, goto, input, update, resume } = body;
    return startAndAnswer(c, deps, { mode: 'fork', threadId, checkpointId, goto, input, update, resume }, body);
  });
  app.get('/api/threads/:id/events', (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const q = parseWith(eventsQuery, c.req.query(), 'query');
    const lastEventId = c.req.header('last-event-id') ?? q.lastEventId;
    return sseResponse(c, (listener) => deps.channels.subscribe(threadId, lastEventId, listener), {
      maxBufferedBytes: deps.limits.maxFollowerBufferBytes,
    });
  });
}

/**
 * Starts the run once admitted (see RunAdmission: the slot is held until the
 * run ends), then answers as asked: its events (SSE, ending with its end),
 * its end, or at once (202) with its ids.
 */
async function startAndAnswer(
  c: Context,
  deps: StudioDeps,
  request: RunRequest,
  how: { stream?: boolean | undefined; wait?: boolean | undefined },
) {
  if (how.stream && how.wait) throw new StudioError('BAD_REQUEST', 'body: ask for stream or wait, not both');
  const release = await deps.admission.enter(c.req.raw.signal);
  let run: StartedRun;
  try {
    run = await deps.runner.start(request);
  } catch (err) {
    release();
    throw err;
  }
  void run.ended.then(release);
  const ids = { threadId: run.threadId, runId: run.runId, events: `/api/threads/${encodeURIComponent(run.threadId)}/events` };
  if (how.wait) return c.json({ ...ids, ...(await run.ended) } satisfies RunEndResponse);
  if (!how.stream) return c.json(ids satisfies RunStartedResponse, 202);
  const prefix = `${run.runId}.`;
  return sseResponse(c, (listener) => deps.channels.subscribe(run.threadId, undefined, (e) => e.id.startsWith(prefix) && listener(e)), {
    maxBufferedBytes: deps.limits.maxFollowerBufferBytes,
    last: (e) => e.event === 'end',
  });
}

/**
 * The request's JSON body, within the body limits: BAD_REQUEST when it is not
 * JSON (or not sent as application/json, which keeps other sites' forms out),
 * BODY_TOO_DEEP or BODY_TOO_MANY_KEYS past maxBodyDepth or maxBodyKeys.
 */
async function jsonBody(c: Context, deps: StudioDeps): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new StudioError('BAD_REQUEST', 'send the body as JSON with "Content-Type: application/json"');
  const limits = { maxDepth: deps.limits.maxBodyDepth, maxKeys: deps.limits.maxBodyKeys };
  return parseJsonBody(await c.req.text(), limits);
}
