import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const benchRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Compiles cold-child.ts and the harness it loads (scenarios, framework
 * modules) to JavaScript, so cold processes run under plain `node`: under
 * tsx every module load goes through its loader hooks, which added 441 ms to
 * importing @langchain/langgraph here (327 → 768), 840 ms to @google/adk and
 * 477 ms to @openai/agents, but 33–66 ms to Weft's dist/: the cost is per
 * module, and each Weft package is one bundled module. Packages
 * stay external, so each is resolved and loaded by Node at run time, with or
 * without the `@weft/source` condition. `splitting` keeps every framework
 * module a chunk of its own behind the lazy loader's dynamic import, so a
 * process loads only its framework. The output sits under benchmarks/ (in
 * node_modules/.cache, per run) so bare imports resolve to benchmarks'
 * dependencies. Returns the entry file and the folder to remove afterwards.
 */
export async function buildColdChild(): Promise<{ entry: string; dir: string }> {
  const cache = path.join(benchRoot, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'weft-cold-child-'));
  await build({
    entryPoints: [path.join(import.meta.dirname, 'cold-child.ts')],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { entry: path.join(dir, 'cold-child.mjs'), dir };
}
