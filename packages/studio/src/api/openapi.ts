import { z } from 'zod';
import { forkBody, resumeBody, runBody } from './bodies.ts';
import {
  errorBodySchema,
  graphErrorData,
  graphEventData,
  graphResponse,
  historyResponse,
  runEndResponse,
  runStartedResponse,
  stateResponse,
  threadsResponse,
} from './responses.ts';
import { callEvent } from './call-event-schema.ts';
import { transcriptResponse } from './transcript-schema.ts';
import { memoryItemResponse } from './memory-schema.ts';
import { schedulesResponse } from './schedules-schema.ts';
import { evalsResponse } from './evals-schema.ts';
import { errorRefs as errors, errorResponses, type ErrorStatus } from './openapi-errors.ts';
import { evalsPaths } from './openapi-evals.ts';

/** A schema as the document holds it: JSON Schema 2020-12, which OpenAPI 3.1 takes as it is. */
function json(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (name: string) => ({ 'application/json': { schema: ref(name) } });
const threadParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'the thread id' };
const sse = {
  description:
    'the events as Server-Sent Events: `event` is run | graph | agent | call | end, `id` is <runId>.<n>, `data` is JSON (a `call` event’s is a CallEvent: a model or tool call starting or ending); a comment line every 15 s',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};

/** A POST that starts a run: the answers of run, resume and fork. */
function startsRun(operationId: string, summary: string, body: string, refusals: ErrorStatus[]) {
  return {
    post: {
      operationId,
      summary,
      parameters: [threadParam],
      requestBody: { required: true, content: jsonContent(body) },
      responses: {
        '200': {
          description: 'with `wait`, the run’s end once it ends; with `stream`, its events, ending with its end',
          content: { ...jsonContent('RunEnd'), ...sse.content },
        },
        '202': { description: 'started (neither `wait` nor `stream`): its ids', content: jsonContent('RunStarted') },
        ...errors(...refusals),
      },
    },
  };
}

/** A GET answering JSON. */
function read(operationId: string, summary: string, answer: string, parameters: unknown[], refusals: ErrorStatus[]) {
  return {
    get: {
      operationId,
      summary,
      parameters,
      responses: { '200': { description: summary, content: jsonContent(answer) }, ...errors(...refusals) },
    },
  };
}

/** GET /api/graph's query: the level drawn, and the agents expanded at the agents level. */
const graphParams = [
  {
    name: 'level',
    in: 'query',
    schema: { type: 'string', enum: ['agents', 'nodes'] },
    description: 'agents: one node per agent, transfers between them (default for an agent); nodes: every node (default for a graph)',
  },
  {
    name: 'expand',
    in: 'query',
    schema: { type: 'array', items: { type: 'string' }, maxItems: 100 },
    style: 'form',
    explode: true,
    description:
      'at the agents level, an agent drawn with its nodes (its node id, e.g. Tech); repeat for several. Not an agent: 400 INVALID_ARGUMENT',
  },
];

/** GET /api/graph: a level's drawing (a view with agents expanded is laid out when first asked). */
function graphPath() {
  const summary =
    'The compiled graph: drawing model, SVG, session value defaults. Each level is laid out before the studio serves; a view with agents expanded when first asked';
  return read('getGraph', summary, 'Graph', graphParams, [400]);
}

const limitParam = (max: number, description: string) => ({
  name: 'limit',
  in: 'query',
  schema: { type: 'integer', minimum: 1, maximum: max },
  description,
});

/** Which threads /api/threads lists: a store may hold other graphs' threads too. */
const graphParam = {
  name: 'graph',
  in: 'query',
  schema: { type: 'string', enum: ['this', 'all'], default: 'this' },
  description:
    'this: the threads the served graph wrote (and those whose latest checkpoint cannot be read); all: every thread of the store',
};

/**
 * The API's OpenAPI 3.1 document: every route the server answers, its
 * answers and error answers by status (each with the codes it carries). The
 * request bodies' schemas are the ones the server checks bodies with, the
 * answers' the ones its routes build to; `secured` (a token is set) makes
 * every operation but the studio page (the /api ones, the eval reports)
 * need the bearer token.
 */
export function openApiDocument(options: { secured: boolean }): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Weft Studio API', version: '1' },
    security: options.secured ? [{ bearer: [] }] : [],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'the token weft serve printed (--token)' } },
      schemas: {
        RunBody: json(runBody, 'input'),
        ResumeBody: json(resumeBody, 'input'),
        ForkBody: json(forkBody, 'input'),
        Error: json(errorBodySchema),
        Graph: json(graphResponse),
        GraphEvent: json(graphEventData),
        GraphError: json(graphErrorData),
        Threads: json(threadsResponse),
        State: json(stateResponse),
        History: json(historyResponse),
        RunStarted: json(runStartedResponse),
        RunEnd: json(runEndResponse),
        CallEvent: json(callEvent),
        Transcript: json(transcriptResponse),
        MemoryItem: json(memoryItemResponse),
        Schedules: json(schedulesResponse),
        Evals: json(evalsResponse),
      },
      responses: errorResponses(),
    },
    paths: paths(),
  };
}

/** Every route the server answers, by path. */
function paths(): Record<string, unknown> {
  return {
    '/': {
      get: {
        operationId: 'getPage',
        summary: 'The studio page (public: it holds nothing of the graph or its threads)',
        security: [],
        responses: { '200': { description: 'the page', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    '/api/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document',
        responses: {
          '200': { description: 'this document', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errors(),
        },
      },
    },
    '/api/graph': graphPath(),
    '/api/graph/events': {
      get: {
        operationId: 'followGraph',
        summary:
          'The served graph as Server-Sent Events: a `graph` event (data: GraphEvent) for the graph served now and, while the latest build failed, a `graph.error` (data: GraphError); then one of them per replacement of the target (weft dev) or failed build',
        responses: {
          '200': {
            description:
              'the events: `event` is graph | graph.error, `id` counts replacements and failures, `data` is JSON; a comment line every 15 s',
            content: sse.content,
          },
          ...errors(),
        },
      },
    },
    '/api/threads': read(
      'listThreads',
      'The threads, most recently changed first: the served graph’s (each version’s, with whether this one can continue it), or with graph=all every one (other graphs’ marked otherGraph)',
      'Threads',
      [limitParam(1000, 'at most this many (default 100)'), graphParam],
      [400],
    ),
    ...threadReadPaths(),
    ...evalsPaths(),
    '/api/threads/{id}/runs': startsRun('startRun', 'Start a run (id "new": on a new thread)', 'RunBody', [400, 409, 413, 422, 429, 503]),
    '/api/threads/{id}/resume': startsRun(
      'resumeThread',
      'Resume the thread: answers for its interrupts, or a retry after an error',
      'ResumeBody',
      [400, 404, 409, 413, 422, 429, 503],
    ),
    '/api/threads/{id}/fork': startsRun(
      'forkThread',
      'Continue from an earlier checkpoint as a new branch (goto, a state update, an input)',
      'ForkBody',
      [400, 404, 409, 413, 422, 429, 503],
    ),
    '/api/threads/{id}/events': {
      get: {
        operationId: 'followEvents',
        summary: "The thread's live events: its current run's from the start (or after Last-Event-ID), then every later run's",
        parameters: [
          threadParam,
          { name: 'lastEventId', in: 'query', schema: { type: 'string', maxLength: 200 }, description: 'as Last-Event-ID' },
          { name: 'Last-Event-ID', in: 'header', schema: { type: 'string' }, description: 'the id of the last event received' },
        ],
        responses: { '200': sse, ...errors(400) },
      },
    },
  };
}

/** A thread's read-only operations: its state, its history, its transcript. */
function threadReadPaths(): Record<string, unknown> {
  return {
    '/api/threads/{id}/state': read(
      'getState',
      "A checkpoint and its state (default: the thread's latest)",
      'State',
      [threadParam, { name: 'checkpointId', in: 'query', schema: { type: 'string' } }],
      [400, 404, 422],
    ),
    '/api/threads/{id}/history': read(
      'getHistory',
      "A page of the thread's checkpoints, newest first",
      'History',
      [
        threadParam,
        limitParam(200, 'at most this many (default 20)'),
        { name: 'before', in: 'query', schema: { type: 'integer', minimum: 0 }, description: 'the previous page’s more.before' },
      ],
      [400, 404],
    ),
    '/api/threads/{id}/transcript': read(
      'getTranscript',
      "The thread's conversation, every run of it, read from its checkpoints: messages (agents) or inputs and outputs (graphs), interrupts with their answers, errors; `after` names the stream event the live events take over after",
      'Transcript',
      [threadParam],
      [400, 404, 422],
    ),
    '/api/threads/{id}/content/{sha256}': contentPath(),
    '/api/memory': read(
      'getMemoryItem',
      "One item of the studio's memory bank (createStudio's `memory`), its current value: what a recall or write of the thread's memory events named by namespace and key. 404 MEMORY_BANK_MISSING when the studio has no bank, MEMORY_NOT_FOUND when the bank holds no live item there",
      'MemoryItem',
      [
        {
          name: 'namespace',
          in: 'query',
          required: true,
          schema: { type: 'string' },
          description: 'the namespace as a JSON array of strings, such as ["notes","t1"] (a bad one is 400 BAD_REQUEST)',
        },
        { name: 'key', in: 'query', required: true, schema: { type: 'string' }, description: 'the item’s key' },
      ],
      [400, 404],
    ),
    '/api/schedules': read(
      'getSchedules',
      "The schedules of the queue the studio runs on (createStudio's `queue`, weft serve --queue): each one's target, cron pattern or period, thread, next tick, latest runs and skipped ticks. 400 NOT_SUPPORTED on a studio that runs in its own process",
      'Schedules',
      [],
      [400],
    ),
  };
}

/** GET …/content/{sha256}: the bytes of a part the thread's events or transcript said by hash. */
function contentPath() {
  const bytes = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
  const header = (description: string) => ({ description, schema: { type: 'string' } });
  return {
    get: {
      operationId: 'getContent',
      summary:
        "The bytes of an image, file or audio part of the thread, by the sha-256 its events and transcript give (`data: { bytes, sha256 }`): kept in memory for the parts this studio sent (maxContentBytes); reopening the thread's transcript keeps them again",
      parameters: [
        threadParam,
        { name: 'sha256', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' }, description: 'the hash' },
      ],
      responses: {
        '200': {
          description:
            'the bytes: a raster image (png, jpeg, gif, webp, avif) as itself, inline; anything else (SVG, HTML, PDF, audio…) as application/octet-stream, an attachment; never sniffed (nosniff)',
          headers: {
            'Content-Disposition': header('inline or attachment, with the file name'),
            'X-Content-Type-Options': header('nosniff'),
          },
          content: {
            'image/png': bytes,
            'image/jpeg': bytes,
            'image/gif': bytes,
            'image/webp': bytes,
            'image/avif': bytes,
            'application/octet-stream': bytes,
          },
        },
        ...errors(400, 404),
      },
    },
  };
}
