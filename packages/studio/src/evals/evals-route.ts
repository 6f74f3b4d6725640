import { readFile, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import type { EvalsResponse } from '../api/evals-schema.ts';
import { StudioError } from '../errors.ts';
import { evalsPage } from './evals-page.ts';
import { listEvalReports, REPORT_FILE } from './list-eval-reports.ts';

/**
 * An eval report page runs its own inline script (the replay): it gets an
 * opaque origin (`sandbox allow-scripts`), so it can neither read the
 * studio's storage nor call its API, and no network; its own policy then
 * narrows scripts and styles to its hashes.
 */
const REPORT_CSP = "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

/**
 * Read-only eval reports from a folder (what `weft eval --html/--out`
 * wrote): GET /api/evals lists them, GET /evals is the list as a page, and
 * GET /evals/<file> serves one report's page or JSON. A file name is one
 * name in that folder: a path, `..` or another ending is 400 BAD_REQUEST,
 * and a link that leads out of the folder is refused too.
 */
export function evalsRoute(app: Hono, folder: string): void {
  app.get('/api/evals', async (c) => c.json({ folder, evals: await listEvalReports(folder) } satisfies EvalsResponse));
  app.get('/evals', async (c) => {
    const page = evalsPage(folder, await listEvalReports(folder));
    c.header('Content-Security-Policy', page.csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(page.html);
  });
  app.get('/evals/:file', async (c) => {
    const file = c.req.param('file');
    const body = await reportFile(folder, file);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if (file.endsWith('.json')) return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    c.header('Content-Security-Policy', REPORT_CSP);
    return c.html(body);
  });
}

async function reportFile(folder: string, file: string): Promise<string> {
  if (!REPORT_FILE.test(file))
    throw new StudioError(
      'BAD_REQUEST',
      `"${file.slice(0, 200)}" is not an eval report's file name: one name of letters, digits and . _ @ -, ending .html or .json (no folders)`,
    );
  const missing = () => new StudioError('NOT_FOUND', `no eval report ${file} in the eval reports folder`);
  let root: string;
  let real: string;
  try {
    root = await realpath(folder);
    real = await realpath(join(root, file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw err;
  }
  // A symbolic link in the folder must not serve a file elsewhere.
  if (dirname(real) !== root) throw new StudioError('BAD_REQUEST', `${file} leads out of the eval reports folder: it is not served`);
  return readFile(real, 'utf8');
}
