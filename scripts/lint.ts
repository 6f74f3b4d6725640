/**
 * The ESLint part of `pnpm lint`: the whole checkout, one ESLint process per
 * workspace folder (each package, the benchmarks, the rest), two at a time.
 *
 * Why not one `eslint .`: type-aware rules build a TypeScript program per
 * tsconfig, and one process holding all of them peaked at 4.4 GB resident
 * (2 min 20 s), over Node 20's default 4.3 GB heap limit on a fresh machine,
 * where it died. One folder at a time stays under 0.9 GB (benchmarks, the
 * largest, 825 MB in 11 s).
 *
 * Extra arguments go to every ESLint process (`pnpm lint:eslint --fix`).
 * Exits non-zero when any folder has a problem; every folder is still linted.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const CONCURRENCY = 2;

/** The folders linted one process each, then everything else (ESLint skips what its config ignores). */
function groups(): string[][] {
  const packages = readdirSync(join(ROOT, 'packages')).map((p) => [join('packages', p)]);
  return [...packages, ['benchmarks'], ['docs', 'scripts', 'vitest.shared.ts']];
}

function lint(paths: string[], extra: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [ESLINT, ...extra, ...paths], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(err);
      done(1);
    });
    child.on('exit', (code) => done(code ?? 1));
  });
}

async function main(): Promise<number> {
  const queue = groups();
  const extra = process.argv.slice(2);
  let failed = 0;
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if ((await lint(next, extra)) !== 0) {
        failed++;
        console.error(`eslint found problems in ${next.join(' ')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
