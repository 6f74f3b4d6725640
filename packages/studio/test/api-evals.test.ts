import { mkdirSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { evalsResponse } from '../src/api/evals-schema.ts';
import { errorBodySchema } from '../src/api/responses.ts';
import { reviewStudio } from './support/review-graph.ts';

let studio: Awaited<ReturnType<typeof reviewStudio>> | undefined;
afterEach(async () => {
  await studio?.served.close();
  studio = undefined;
});

const TOKEN = 'a-long-enough-token';
const SECRET = 'not for the studio to serve';

/** An eval report JSON as `weft eval --json` writes it (the fields the listing reads). */
const report = (name: string, startedAt: string, pass: boolean) => ({
  version: 1,
  eval: name,
  target: 'agents:Desk',
  mode: 'replay',
  startedAt,
  pass,
  summary: {
    cases: 4,
    passed: pass ? 4 : 2,
    failed: pass ? 0 : 1,
    errored: pass ? 0 : 1,
    interrupted: 0,
    passRate: pass ? 1 : 0.5,
    score: 0.75,
  },
  cases: [],
});

/** A reports folder: two reports with page and JSON, a page alone, a bad JSON, a file of another kind, a link out, and a secret beside the folder. */
function reportsFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'weft-studio-evals-'));
  const folder = join(root, 'evals');
  mkdirSync(folder);
  writeFileSync(join(root, 'secret.html'), SECRET);
  writeFileSync(join(folder, 'support.html'), '<!doctype html><title>support</title><p>support report</p>');
  writeFileSync(join(folder, 'support.json'), JSON.stringify(report('support', '2026-11-02T10:00:00.000Z', false)));
  writeFileSync(join(folder, 'nightly.html'), '<!doctype html><p>nightly report</p>');
  writeFileSync(join(folder, 'nightly.json'), JSON.stringify(report('<b>nightly</b>', '2026-11-03T10:00:00.000Z', true)));
  writeFileSync(join(folder, 'lonely.html'), '<p>no json</p>');
  utimesSync(join(folder, 'lonely.html'), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
  writeFileSync(join(folder, 'broken.json'), '{ not json');
  utimesSync(join(folder, 'broken.json'), new Date('2026-10-01T00:00:00Z'), new Date('2026-10-01T00:00:00Z'));
  writeFileSync(join(folder, 'notes.txt'), 'not a report');
  symlinkSync(join(root, 'secret.html'), join(folder, 'escape.html'));
  return folder;
}

/** A request sent with its path exactly as written (fetch would resolve `..` before sending). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('eval reports in the studio', () => {
  it('GET /api/evals lists the folder’s reports newest first, with eval, date, pass and counts from each JSON, or why there are none', async () => {
    const folder = reportsFolder();
    studio = await reviewStudio({ evalReports: folder });
    const { status, body } = await studio.call('/api/evals');
    expect(status).toBe(200);
    // The answer is the documented one (the OpenAPI document's Evals schema), with no field it does not name.
    expect(evalsResponse.safeParse(body).error).toBeUndefined();
    const summary = (pass: boolean) => ({
      cases: 4,
      passed: pass ? 4 : 2,
      failed: pass ? 0 : 1,
      errored: pass ? 0 : 1,
      interrupted: 0,
      passRate: pass ? 1 : 0.5,
      score: 0.75,
    });
    expect(body.folder).toBe(folder);
    expect(body.evals).toEqual([
      {
        name: 'nightly',
        html: 'nightly.html',
        json: 'nightly.json',
        eval: '<b>nightly</b>',
        date: '2026-11-03T10:00:00.000Z',
        pass: true,
        summary: summary(true),
      },
      {
        name: 'support',
        html: 'support.html',
        json: 'support.json',
        eval: 'support',
        date: '2026-11-02T10:00:00.000Z',
        pass: false,
        summary: summary(false),
      },
      {
        name: 'lonely',
        html: 'lonely.html',
        json: null,
        eval: null,
        date: '2026-11-01T00:00:00.000Z',
        pass: null,
        summary: null,
        problem: 'no lonely.json beside the page',
      },
      {
        name: 'broken',
        html: null,
        json: 'broken.json',
        eval: null,
        date: '2026-10-01T00:00:00.000Z',
        pass: null,
        summary: null,
        problem: expect.stringMatching(/^broken\.json is not JSON: /),
      },
      // escape.html, a link out of the folder, is not a file of the folder: not listed (and GET refuses it).
    ]);
  });

  it('serves a report page sandboxed (opaque origin, no network) and its JSON; /evals links them with names escaped', async () => {
    studio = await reviewStudio({ evalReports: reportsFolder() });
    const page = await studio.call('/evals/support.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toBe('<!doctype html><title>support</title><p>support report</p>');
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts; default-src 'none';/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const json = await studio.call('/evals/nightly.json');
    expect(json.body).toMatchObject({ eval: '<b>nightly</b>', pass: true });
    const list = await studio.call('/evals');
    expect(list.status).toBe(200);
    expect(list.body).toContain('<a href="/evals/nightly.html">nightly</a></td><td>&lt;b&gt;nightly&lt;/b&gt;</td>');
    expect(list.body).toContain('<a href="/evals/support.html">support</a>');
    expect(list.body).not.toContain('<b>nightly</b>');
    expect(list.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    // The studio's page links the list.
    expect((await studio.call('/')).body).toContain('<a class="evals-link" id="evals-link" href="/evals"');
  });

  it('refuses paths, other endings and links out of the folder; a missing report is 404; nothing outside is ever sent', async () => {
    studio = await reviewStudio({ evalReports: reportsFolder() });
    const refused = async (path: string) => {
      const res = await studio!.call(path);
      expect(res.body, path).not.toContain(SECRET);
      return [res.status, errorBodySchema.parse(res.body).error.code];
    };
    expect(await refused('/evals/..%2Fsecret.html')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/evals/%2e%2e%2Fsecret.html')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/evals/..%5Csecret.html')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/evals/notes.txt')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/evals/.hidden.html')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/evals/escape.html')).toEqual([400, 'BAD_REQUEST']);
    expect(await refused('/evals/absent.html')).toEqual([404, 'NOT_FOUND']);
    const { status, body } = await studio.call('/evals/..%2Fsecret.html');
    expect(body.error.message).toBe(
      '"../secret.html" is not an eval report\'s file name: one name of letters, digits and . _ @ -, ending .html or .json (no folders)',
    );
    expect(status).toBe(400);
    for (const path of ['/evals/../secret.html', '/evals/../../evals/../secret.html', '/evals//secret.html']) {
      const res = await rawGet(studio.served.url, path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('with a token, the list, the page and the reports need it; a missing folder lists nothing', async () => {
    studio = await reviewStudio({ evalReports: reportsFolder(), token: TOKEN });
    for (const path of ['/api/evals', '/evals', '/evals/support.html']) {
      const res = await studio.call(path);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 401, 'UNAUTHORIZED']);
    }
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await studio.call('/evals/support.html', undefined, auth)).status).toBe(200);
    await studio.served.close();
    studio = await reviewStudio({ evalReports: join(tmpdir(), 'weft-no-such-folder', 'evals') });
    expect((await studio.call('/api/evals')).body.evals).toEqual([]);
    expect((await studio.call('/evals')).body).toContain('No eval report yet');
  });

  it('refuses an evalReports that is not the path of a folder', async () => {
    await expect(reviewStudio({ evalReports: '' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'createStudio(): evalReports must be the path of a folder of eval reports',
    });
  });
});
