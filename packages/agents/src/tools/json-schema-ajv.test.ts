import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const INDEX = fileURLToPath(new URL('../index.ts', import.meta.url));

/** In a fresh process (this one has ajv loaded already): the ajv modules loaded after importing the package, then after defining a tool. */
function ajvModulesLoaded(parameters: object): { atImport: number; afterTool: number; formatChecked: boolean } {
  const script = `
    import { createRequire } from 'node:module';
    const cache = createRequire(import.meta.url).cache;
    // ajv's runtime helpers (one file the generated meta-schema check requires) are not its compiler.
    const ajv = () => Object.keys(cache).filter((k) => /[\\\\/]ajv(-formats)?[\\\\/]/.test(k) && !/[\\\\/]ajv[\\\\/]dist[\\\\/]runtime[\\\\/]/.test(k)).length;
    const { tool } = await import(${JSON.stringify(INDEX)});
    const atImport = ajv();
    const t = tool({ name: 'fetch', description: 'Fetches a page.', parameters: ${JSON.stringify(parameters)}, execute: () => 'a page' });
    const afterTool = ajv();
    const bad = t.check({ url: 'not a uri' });
    const formatChecked = !bad.ok && /format/.test(bad.message) && t.check({ url: 'https://example.com/' }).ok;
    console.log(JSON.stringify({ atImport, afterTool, formatChecked }));`;
  const out = execFileSync(process.execPath, ['--conditions=@weft/source', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '') as { atImport: number; afterTool: number; formatChecked: boolean };
}

describe('ajv is loaded at the first JSON Schema, not by importing @weft/agents', () => {
  it('importing the package loads no ajv module but a runtime helper; a tool with JSON Schema parameters loads ajv and ajv-formats and checks formats', () => {
    const loaded = ajvModulesLoaded({ type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] });
    expect(loaded.atImport).toBe(0);
    // ajv's core, its JSON Schema vocabularies and ajv-formats: dozens of CommonJS files.
    expect(loaded.afterTool).toBeGreaterThan(20);
    expect(loaded.formatChecked).toBe(true);
  });
});
