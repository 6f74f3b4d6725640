import { REPORT_FILE } from '../evals/list-eval-reports.ts';
import { errorRefs } from './openapi-errors.ts';

const html = { 'text/html': { schema: { type: 'string' } } };
const header = (description: string) => ({ description, schema: { type: 'string' } });

/**
 * The eval reports' operations: the list as JSON and as a page, and one
 * report's file. Not under /api, yet guarded as the API is (a report holds
 * model output), so they carry the document's security and its 401 and 403.
 */
export function evalsPaths(): Record<string, unknown> {
  return {
    '/api/evals': {
      get: {
        operationId: 'listEvals',
        summary:
          'The eval reports of the studio’s folder (weft eval --html/--out), newest first: each name’s page and JSON, and what the JSON says (eval, date, pass, counts) or why it says nothing. A missing folder lists none',
        responses: {
          '200': {
            description: 'the folder and its reports',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Evals' } } },
          },
          ...errorRefs(),
        },
      },
    },
    '/evals': {
      get: {
        operationId: 'getEvalsPage',
        summary: 'The eval reports as a page, each linked to its own (no script; a policy that allows its one style only)',
        responses: { '200': { description: 'the page', content: html }, ...errorRefs() },
      },
    },
    '/evals/{file}': {
      get: {
        operationId: 'getEvalReport',
        summary:
          'One report’s file from the folder: its page (sandboxed: an opaque origin, no network) or its JSON, as written. A name that is not one of the folder’s .html or .json files (a path, .., another ending, a link out of the folder) is 400 BAD_REQUEST; a missing one 404 NOT_FOUND',
        parameters: [
          {
            name: 'file',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: REPORT_FILE.source },
            description: 'the file’s name, as GET /api/evals gives it (html or json)',
          },
        ],
        responses: {
          '200': {
            description: 'the file: a .html one as text/html, a .json one as application/json',
            headers: {
              'Content-Security-Policy': header('on a page: sandbox allow-scripts, no network'),
              'X-Content-Type-Options': header('nosniff'),
              'Referrer-Policy': header('no-referrer'),
            },
            content: {
              ...html,
              'application/json': { schema: { description: 'the eval report JSON (weft eval --out), served as the file holds it' } },
            },
          },
          ...errorRefs(400, 404),
        },
      },
    },
  };
}
