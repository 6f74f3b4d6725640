/**
 * `weft serve --eval-reports <dir>` (default .weft/evals in the working
 * directory): the studio lists the folder's eval reports at /api/evals and
 * serves their pages under /evals.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MODULE, tempDir, weftProcess } from '../test-support/spawn-weft.ts';

/** Writes one report (page and JSON) named `name` into `folder`. */
function writeReport(folder: string, name: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.html`), `<!doctype html><p>${name}</p>`);
  const summary = { cases: 2, passed: 1, failed: 1, errored: 0, interrupted: 0, passRate: 0.5, score: 0.5 };
  writeFileSync(
    join(folder, `${name}.json`),
    JSON.stringify({ version: 1, eval: name, startedAt: '2026-11-28T10:00:00.000Z', pass: false, summary }),
  );
}

/** Serves the support module from `cwd` with `flags`; gives the names /api/evals lists and the page of the first. */
async function listed(cwd: string, flags: string[]): Promise<{ folder: string; names: string[]; page: string }> {
  const server = weftProcess(['serve', SUPPORT_MODULE, '--port', '0', '--store', 'memory', ...flags], cwd);
  try {
    const base = /^open (\S+)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    const body = (await (await fetch(new URL('/api/evals', base))).json()) as { folder: string; evals: { name: string; html: string }[] };
    const page = body.evals[0] ? await (await fetch(new URL(`/evals/${body.evals[0].html}`, base))).text() : '';
    return { folder: body.folder, names: body.evals.map((e) => e.name), page };
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}

describe('weft serve --eval-reports', () => {
  it('lists .weft/evals of the working directory by default, and the folder the flag names (relative to it) otherwise', async () => {
    const cwd = tempDir();
    writeReport(join(cwd, '.weft', 'evals'), 'nightly');
    writeReport(join(cwd, 'reports'), 'release');
    expect(await listed(cwd, [])).toEqual({
      folder: join(cwd, '.weft', 'evals'),
      names: ['nightly'],
      page: '<!doctype html><p>nightly</p>',
    });
    expect(await listed(cwd, ['--eval-reports', 'reports'])).toEqual({
      folder: join(cwd, 'reports'),
      names: ['release'],
      page: '<!doctype html><p>release</p>',
    });
  });
});
