import { z } from 'zod';
import { forkBody, resumeBody, runBody } from './bodies.ts';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
    },
  },
};

const threadParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((c) => [
      String(c),
      { description: 'a typed error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
const sse = {
  description: 'the events as Server-Sent Events (event: run | graph | agent | end; id: <runId>.<n>)',
  content: { 'text/event-stream': {} },
};
const started = {
  '202': { description: 'started: { threadId, runId, events }', content: { 'application/json': {} } },
  '200': {
    description: 'with wait: the run end ({ status, checkpointId, output | interrupts | error }); with stream: its events',
    content: { 'application/json': {}, ...sse.content },
  },
};

function post(summary: string, body: string, extra: Record<string, unknown> = {}) {
  return {
    summary,
    parameters: [threadParam],
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } } },
    responses: { ...started, ...errors(400, 401, 404, 409, 413) },
    ...extra,
  };
}

let document: Record<string, unknown> | undefined;

/** The API's OpenAPI 3.1 document; the request bodies' schemas are the ones the server checks bodies with. */
export function openApiDocument(): Record<string, unknown> {
  return (document ??= {
    openapi: '3.1.0',
    info: { title: 'Weft Studio API', version: '1' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { RunBody: json(runBody), ResumeBody: json(resumeBody), ForkBody: json(forkBody), Error: errorSchema },
    },
    security: [{ bearer: [] }],
    paths: {
      '/api/graph': {
        get: {
          summary: 'The compiled graph: drawing model, SVG, session value defaults',
          responses: { '200': { description: 'the graph' }, ...errors(401) },
        },
      },
      '/api/threads': {
        get: {
          summary: 'The threads, most recently changed first',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } }],
          responses: { '200': { description: '{ threads: [...] }' }, ...errors(400, 401) },
        },
      },
      '/api/threads/{id}/state': {
        get: {
          summary: "A checkpoint's state (default: the thread's latest)",
          parameters: [threadParam, { name: 'checkpointId', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'the checkpoint with its state' }, ...errors(400, 401, 404) },
        },
      },
      '/api/threads/{id}/history': {
        get: {
          summary: "A page of the thread's checkpoints, newest first",
          parameters: [
            threadParam,
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200 } },
            {
              name: 'before',
              in: 'query',
              schema: { type: 'integer', minimum: 0 },
              description: 'the seq the previous page ended at (its more.before)',
            },
          ],
          responses: { '200': { description: '{ checkpoints, more: { before } | null }' }, ...errors(400, 401, 404) },
        },
      },
      '/api/threads/{id}/runs': post('Start a run (id "new": on a new thread)', 'RunBody'),
      '/api/threads/{id}/resume': post('Resume the thread: answers for its interrupts, or a retry after an error', 'ResumeBody'),
      '/api/threads/{id}/fork': post('Continue from an earlier checkpoint as a new branch (goto, a state update, an input)', 'ForkBody'),
      '/api/threads/{id}/events': {
        get: {
          summary: "The thread's live events: its current run's from the start (or after Last-Event-ID), then every later run's",
          parameters: [threadParam, { name: 'Last-Event-ID', in: 'header', schema: { type: 'string' } }],
          responses: { '200': sse, ...errors(400, 401) },
        },
      },
    },
  });
}
