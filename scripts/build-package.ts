/**
 * Builds the package in the current folder into dist/ (docs/decisions/0012):
 *
 * - the declarations, one `.d.ts` (with its map) per source file, by tsc
 *   (`tsconfig.build.json`, declarations only): the compiler that type-checks
 *   the code writes what users' TypeScript reads;
 * - the JavaScript, by esbuild: one ES module per entry of `exports` (its
 *   `@weft/source` file → its `default` file), with the code it imports from
 *   the package inlined, dependencies left as imports, a shared chunk where
 *   two entries (or a dynamic `import()`) share code, and source maps to the
 *   `src/` files the tarball ships.
 *
 *   tsx ../../scripts/build-package.ts      (each package's `build` script)
 *
 * Why bundle: a process that imports @weft/graph as 80 files spends about
 * 35 ms more resolving and loading them than one that imports a single file
 * (120 → 85 ms on this machine); over the packages `weft graph` loads that
 * was 723 → 494 ms per command.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const dir = process.cwd();
const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
};

/** `exports` entries with a source and a built file: src/x.ts → dist/x.js. */
const entries = Object.values(manifest.exports).flatMap((target) => {
  if (typeof target === 'string') return [];
  const source = target['@weft/source'];
  const built = target['default'];
  if (!source || !built) return [];
  if (!/^\.\/src\/.+\.ts$/.test(source) || built !== source.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js'))
    throw new Error(`${manifest.name}: export ${source} → ${built} is not src/<x>.ts → dist/<x>.js`);
  return [join(dir, source)];
});
if (entries.length === 0) throw new Error(`${manifest.name}: no export maps a src/*.ts file to a dist/*.js file`);

rmSync(join(dir, 'dist'), { recursive: true, force: true });

const tsc = spawnSync(
  process.execPath,
  [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--emitDeclarationOnly'],
  {
    cwd: dir,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const result = await build({
  entryPoints: entries,
  outdir: join(dir, 'dist'),
  outbase: join(dir, 'src'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies (and the other @weft packages) stay imports: the user's install provides them, once.
  packages: 'external',
  sourcemap: true,
  sourcesContent: false,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(`${manifest.name}: ${outputs.map((f) => relative(dir, f)).join(', ')}`);
