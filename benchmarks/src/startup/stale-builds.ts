import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The workspace packages whose dist/ is missing a file or older than its
 * source: each `src/…/x.ts` (tests and test support aside) must have a
 * `dist/…/x.js` written after it. A start-up measured on a stale build
 * measures code that no longer exists.
 */
export function staleBuilds(repo: string): string[] {
  const packages = join(repo, 'packages');
  return readdirSync(packages).filter((name) => {
    const dir = join(packages, name);
    if (!existsSync(join(dir, 'tsconfig.build.json'))) return false;
    return sources(join(dir, 'src')).some((file) => {
      const built = join(dir, 'dist', relative(join(dir, 'src'), file)).replace(/\.ts$/, '.js');
      return !existsSync(built) || statSync(built).mtimeMs < statSync(file).mtimeMs;
    });
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
