import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The workspace packages whose built JavaScript is missing or older than
 * their sources: dist/index.js (the bundle of the package's code, see
 * scripts/build-package.ts) must have been written after every
 * `src/…/x.ts` (tests and test support aside). A start-up measured on a
 * stale build measures code that no longer exists.
 */
export function staleBuilds(repo: string): string[] {
  const packages = join(repo, 'packages');
  return readdirSync(packages).filter((name) => {
    const dir = join(packages, name);
    if (!existsSync(join(dir, 'tsconfig.build.json'))) return false;
    const built = join(dir, 'dist', 'index.js');
    if (!existsSync(built)) return true;
    const builtAt = statSync(built).mtimeMs;
    return sources(join(dir, 'src')).some((file) => statSync(file).mtimeMs > builtAt);
  });
}

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return /(?<!\.d)\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}
