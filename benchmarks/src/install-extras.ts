/**
 * Installs benchmarks/ when its dependencies are missing or stale, so `pnpm
 * bench` (and the typecheck and lint that cover these sources) is one command
 * on a fresh clone.
 *
 * benchmarks/ is a pnpm project of its own, outside the root workspace, with
 * its own lockfile: LangGraph.js, Google ADK, the OpenAI Agents SDK and what
 * they pull in are 164 of the 693 packages the root install used to fetch,
 * and `pnpm install && pnpm demo` needs none of them. Weft's packages are
 * `link:`ed from ../packages, so the benchmark runs the workspace's code, and
 * the root install provides their dependencies.
 *
 *   tsx benchmarks/src/install-extras.ts
 *
 * Up to date means: pnpm's record of what it installed
 * (node_modules/.pnpm/lock.yaml) equals pnpm-lock.yaml, and package.json is
 * not newer than that install. Otherwise it runs `pnpm install` in
 * benchmarks/ (frozen in CI, as pnpm does by default there). Node built-ins
 * only: it runs before anything here is installed.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runPnpm } from './harness/run-pnpm.ts';

const DIR = join(REPO_ROOT, 'benchmarks');

function read(file: string): string | undefined {
  try {
    return readFileSync(join(DIR, file), 'utf8');
  } catch {
    return undefined;
  }
}

function upToDate(): boolean {
  const installed = read('node_modules/.pnpm/lock.yaml');
  if (installed === undefined || installed !== read('pnpm-lock.yaml')) return false;
  return statSync(join(DIR, 'package.json')).mtimeMs <= statSync(join(DIR, 'node_modules/.modules.yaml')).mtimeMs;
}

if (!upToDate()) {
  console.log('benchmarks/: installing its own dependencies (LangGraph.js, Google ADK, the OpenAI Agents SDK; first run only)');
  const status = runPnpm(['install'], DIR);
  if (status !== 0) {
    console.error(`benchmarks/: pnpm install failed (exit ${String(status)})`);
    process.exit(1);
  }
}
