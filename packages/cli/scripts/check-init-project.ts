/**
 * Type-checks the project `weft init` writes, with that project's own
 * tsconfig: a template that stops compiling (an API it uses changed, a type
 * it relies on moved) fails here, before the consumer test installs the
 * packed packages.
 *
 *   pnpm --filter @weft/cli run check:init     (tsx scripts/check-init-project.ts)
 *
 * The project is written into this package's test-artifacts/ folder, so its
 * @weft/* imports resolve to the workspace's sources (`--customConditions
 * @weft/source`, the condition the workspace's own tsc uses) as the
 * installed packages would to their builds, and zod, tsx and typescript to
 * this package's: nothing is installed. A whole tsc run takes tens of
 * seconds on a busy machine, which is why this is a script and not a test.
 *
 * Exits with 0 when tsc passes and checked the project's three files against
 * the sources; otherwise prints tsc's output (or what was checked) and exits
 * with 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/main.ts';

const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
const PROJECT_FILES = ['src/agent.ts', 'src/graph.ts', 'test/project.test.ts'];

mkdirSync(ARTIFACTS, { recursive: true });
const root = mkdtempSync(join(ARTIFACTS, 'init-check-'));
const dir = join(root, 'travel');
try {
  process.exitCode = await check(dir);
} finally {
  rmSync(root, { recursive: true, force: true });
}

async function check(dir: string): Promise<number> {
  let said = '';
  const io = { stdout: (t: string) => void (said += t), stderr: (t: string) => void (said += t), cwd: ARTIFACTS, env: {} };
  if ((await main(['init', dir], io)) !== 0) {
    process.stderr.write(`weft init failed:\n${said}`);
    return 1;
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--customConditions', '@weft/source', '--listFiles'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = `${result.stdout}${result.stderr}`.split('\n').filter(Boolean);
  // --listFiles prints every file it read, one absolute path a line; anything else is a diagnostic.
  const listed = lines.filter((line) => line.startsWith('/'));
  const diagnostics = lines.filter((line) => !line.startsWith('/'));
  if (result.status !== 0) {
    process.stderr.write(`the project weft init writes does not type-check (tsc exited with ${result.status ?? result.signal}):\n`);
    process.stderr.write(`${diagnostics.join('\n')}\n`);
    return 1;
  }
  const own = listed
    .filter((file) => file.startsWith(dir))
    .map((file) => relative(dir, file))
    .sort();
  const againstSources = listed.some((file) => file.endsWith('packages/agents/src/index.ts'));
  if (own.join() !== PROJECT_FILES.join() || !againstSources) {
    process.stderr.write(
      `tsc passed but did not check what it should: the project's files were ${own.join(', ') || 'none'} ` +
        `(expected ${PROJECT_FILES.join(', ')})${againstSources ? '' : ', and not against the @weft sources'}\n`,
    );
    return 1;
  }
  process.stdout.write(`the project weft init writes type-checks: ${own.join(', ')}, against the @weft sources (${listed.length} files)\n`);
  return 0;
}
