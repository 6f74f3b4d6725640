import { codesOf } from '../errors.ts';

/** The statuses the API answers errors with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;

const WHAT: Record<ErrorStatus, string> = {
  400: 'the request does not fit: a body or query off its schema (the message names the field), a value the graph refuses, a name that is not an eval report file’s',
  401: 'the bearer token is missing or wrong',
  403: 'another host name (DNS rebinding) or another origin',
  404: 'no such thread, checkpoint, content, memory item, eval report or endpoint (or no memory bank to read one from)',
  409: 'the thread is not in a state to take it (busy, done, answered already)',
  413: 'the body is over maxBodyBytes (a run’s: maxRunBodyBytes)',
  422: 'a stored checkpoint cannot be read',
  429: 'maxRuns runs are under way and maxQueuedRuns requests wait: try again after Retry-After',
  500: 'the server failed; its log says why',
  503: 'the studio is closing',
};

const retryAfter = {
  'Retry-After': { description: 'seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
};

/**
 * An operation's error answers: the statuses it refuses with, and those any
 * guarded route may answer (401, 403, 500), each a reference to its shared
 * response.
 */
export function errorRefs(...statuses: ErrorStatus[]): Record<string, { $ref: string }> {
  return Object.fromEntries([...statuses, 401, 403, 500].map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }]));
}

/**
 * One reusable response per error status (`#/components/responses/Error<status>`):
 * the error body with the codes the server answers that status with (see
 * ERROR_STATUS), so that a generated client knows them; a 500 may carry any code.
 */
export function errorResponses(): Record<string, unknown> {
  const statuses = Object.keys(WHAT).map(Number) as ErrorStatus[];
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = codesOf(status);
      const code = status === 500 ? { type: 'string' } : { type: 'string', enum: codes };
      const schema = {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code, message: { type: 'string' }, details: {} },
          },
        },
      };
      const response = {
        description: `${WHAT[status]} (${codes.join(', ')})`,
        content: { 'application/json': { schema } },
        ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
      };
      return [`Error${status}`, response];
    }),
  );
}
