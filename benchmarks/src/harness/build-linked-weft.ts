import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, runPnpm } from './run-pnpm.ts';

/** The Weft packages benchmarks/ links, from its package.json: the build covers them and what they depend on. */
function linkedPackages(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'benchmarks', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.keys(manifest.dependencies).filter((name) => name.startsWith('@weft/'));
}

/**
 * Builds the Weft packages benchmarks/ links (`pnpm build --filter …`; turbo
 * replays unchanged ones from its cache), so a process without the
 * `@weft/source` condition loads this tree's code from dist/. `what` names
 * the run that needs it in the log line and the error.
 */
export function buildLinkedWeft(what: string): void {
  const packages = linkedPackages();
  console.log(`\nbuilding ${packages.join(', ')} for ${what} (pnpm build)`);
  const status = runPnpm(['build', '--output-logs=errors-only', ...packages.map((p) => `--filter=${p}`)], REPO_ROOT);
  if (status !== 0) throw new Error(`pnpm build failed (exit ${String(status)}); ${what} needs dist/`);
}
