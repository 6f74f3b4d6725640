import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const INDEX = fileURLToPath(new URL('../index.ts', import.meta.url));

describe('a weft bundled with its dependencies checks JSON Schema tools', () => {
  it('the bundle, run where no ajv is installed, defines a tool with JSON Schema parameters and checks its arguments', async () => {
    // Outside the workspace, so nothing but the bundle itself can provide ajv.
    const dir = mkdtempSync(join(tmpdir(), 'weft-bundle-'));
    try {
      const entry = `
        import { tool } from ${JSON.stringify(INDEX)};
        const t = tool({ name: 'fetch', description: 'Fetches a page.', execute: () => 'a page',
          parameters: { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] } });
        console.log(JSON.stringify([t.check({ url: 'not a uri' }), t.check({ url: 'https://example.com/' })]));`;
      const outfile = join(dir, 'bundle.mjs');
      await build({
        stdin: { contents: entry, resolveDir: dir, loader: 'ts' },
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        conditions: ['@weft/source'],
        logLevel: 'error',
      });
      // Only PATH: the test runner's environment could point Node at the workspace's packages.
      const out = execFileSync(process.execPath, [outfile], { cwd: dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
      expect(JSON.parse(out.trim())).toEqual([
        { ok: false, message: 'arguments/url must match format "uri"' },
        { ok: true, value: { url: 'https://example.com/' } },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
