import type { Context, Hono } from 'hono';
import type { RunInput, RunRequest } from '../runs/run-request.ts';
import { sseResponse } from '../http/sse-response.ts';
import { eventsQuery, forkBody, resumeBody, runBody } from './bodies.ts';
import { parseWith } from './parse-body.ts';
import type { StudioDeps } from './studio-deps.ts';
import { threadIdOf } from './thread-id.ts';
import { StudioError } from '../errors.ts';

/** The endpoints that start runs (run, resume, fork) and the live events of a thread. */
export function runRoutes(app: Hono, deps: StudioDeps): void {
  app.post('/api/threads/:id/runs', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), true);
    const body = parseWith(runBody, await jsonBody(c), 'body');
    const sessionValues = { ...deps.sessionValues, ...body.sessionValues };
    // Checked against the message shape here; the Runner checks the rest of each message.
    const input = body.input as RunInput;
    return startAndAnswer(c, deps, { mode: 'run', threadId, input, sessionValues }, body);
  });
  app.post('/api/threads/:id/resume', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const body = parseWith(resumeBody, await jsonBody(c), 'body');
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
    const body = parseWith(forkBody, await jsonBody(c), 'body');
    const { checkpointId, goto, input, update, resume } = body;
    return startAndAnswer(c, deps, { mode: 'fork', threadId, checkpointId, goto, input, update, resume }, body);
  });
  app.get('/api/threads/:id/events', (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const q = parseWith(eventsQuery, c.req.query(), 'query');
    const lastEventId = c.req.header('last-event-id') ?? q.lastEventId;
    return sseResponse(c, (listener) => deps.channels.subscribe(threadId, lastEventId, listener));
  });
}

/** Starts the run, then answers as asked: its events (SSE, ending with its end), its end, or at once (202) with its ids. */
async function startAndAnswer(
  c: Context,
  deps: StudioDeps,
  request: RunRequest,
  how: { stream?: boolean | undefined; wait?: boolean | undefined },
) {
  if (how.stream && how.wait) throw new StudioError('BAD_REQUEST', 'body: ask for stream or wait, not both');
  const run = await deps.runner.start(request);
  const ids = { threadId: run.threadId, runId: run.runId, events: `/api/threads/${encodeURIComponent(run.threadId)}/events` };
  if (how.wait) return c.json({ ...ids, ...(await run.ended) });
  if (!how.stream) return c.json(ids, 202);
  const prefix = `${run.runId}.`;
  return sseResponse(
    c,
    (listener) => deps.channels.subscribe(run.threadId, undefined, (e) => e.id.startsWith(prefix) && listener(e)),
    (e) => e.event === 'end',
  );
}

/** The request's JSON body: BAD_REQUEST when it is not JSON (or not sent as application/json, which keeps other sites' forms out). */
async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new StudioError('BAD_REQUEST', 'send the body as JSON with "Content-Type: application/json"');
  try {
    return await c.req.json();
  } catch {
    throw new StudioError('BAD_REQUEST', 'the body is not valid JSON');
  }
}
