import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root (benchmarks/..). */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * Runs pnpm in `cwd` with the output shown, and returns its exit status. Under
 * a pnpm script that is the pnpm running it (pnpm puts itself on PATH);
 * otherwise the version pinned in the root package.json, through npx.
 */
export function runPnpm(args: readonly string[], cwd: string): number | null {
  const opts = { cwd, stdio: 'inherit' } as const;
  const direct = spawnSync('pnpm', args, opts);
  if (!(direct.error && 'code' in direct.error && direct.error.code === 'ENOENT')) return direct.status;
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { packageManager: string };
  return spawnSync('npx', ['-y', manifest.packageManager, ...args], opts).status;
}
