/**
 * `pnpm test`: every test, the way CI runs them, on a machine that starts with
 * nothing running.
 *
 *   1. the Debian packages the tests use (PostgreSQL, Redis, Graphviz, Chromium),
 *      installed when missing (scripts/install-system-packages.sh);
 *   2. a throwaway PostgreSQL and Redis on their own ports (scripts/start-*.sh),
 *      so no test skips for want of a server;
 *   3. every package's vitest suite through turbo, at most WEFT_TEST_CONCURRENCY
 *      (default 2) suites at a time: each suite starts processes, servers and
 *      browsers of its own, and ten at once on two cores turned waits into timeouts;
 *   4. the checks that do not belong under a test timeout, each in its own step:
 *      type-checking the project `weft init` writes, every example in the docs
 *      (scripts/check-docs.ts), the support example's eval (`weft eval
 *      … --json`, its reports in .weft/evals/), and its version 2 resuming
 *      version 1's frozen threads (`weft migrate test`);
 *   5. one summary line over every suite's JSON report.
 *
 * Extra arguments go to turbo: `pnpm test --filter @weft/graph`.
 * Exits non-zero when any step fails; every step still runs (turbo's --continue).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const concurrency = process.env['WEFT_TEST_CONCURRENCY'] ?? '2';
// The servers this starts are required: a suite that finds no server fails instead of skipping,
// and every suite writes the JSON report the summary reads.
const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

function step(title: string, command: string, args: string[]): number {
  console.log(`\n── ${title}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (result.error) console.error(result.error);
  return result.status ?? 1;
}

/** A step whose stdout is a file (a report), its stderr shown. */
function stepToFile(title: string, command: string, args: string[], file: string): number {
  console.log(`\n── ${title}: ${[command, ...args].join(' ')} > ${file}`);
  mkdirSync(join(ROOT, file, '..'), { recursive: true });
  const out = openSync(join(ROOT, file), 'w');
  try {
    const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ['ignore', out, 'inherit'] });
    if (result.error) console.error(result.error);
    return result.status ?? 1;
  } finally {
    closeSync(out);
  }
}

/** Runs a start-*.sh script and takes the `export NAME=value` of its last line into the environment. */
function startService(script: string): number {
  console.log(`\n── ${script}`);
  const result = spawnSync('bash', [join('scripts', script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const match = /^export (\w+)=(\S+)$/.exec(result.stdout.trim().split('\n').at(-1) ?? '');
  if (result.status !== 0 || !match) {
    console.error(`${script} failed (exit ${result.status}); its output:\n${result.stdout}`);
    return 1;
  }
  env[match[1]!] = match[2]!;
  console.log(`${match[1]}=${match[2]}`);
  return 0;
}

for (const pkg of readdirSync(join(ROOT, 'packages'))) rmSync(join(ROOT, 'packages', pkg, 'test-results.json'), { force: true });

const setup = [
  () => step('system packages', 'bash', ['scripts/install-system-packages.sh']),
  () => startService('start-postgres.sh'),
  () => startService('start-redis.sh'),
];
for (const run of setup) {
  if (run() !== 0) {
    console.error('\nThe test services could not be prepared; no test ran.');
    process.exit(1);
  }
}

// The pnpm that runs this script (pnpm puts turbo and tsx on PATH for it), or pnpm through npx.
const pnpm = (args: string[]): [string, string[]] =>
  process.env['npm_execpath'] ? [process.execPath, [process.env['npm_execpath'], ...args]] : ['npx', ['-y', 'pnpm@10.34.9', ...args]];
const failures: string[] = [];
const turboArgs = ['run', 'test', '--continue', `--concurrency=${concurrency}`, ...process.argv.slice(2)];
if (step('package suites', ...pnpm(['exec', 'turbo', ...turboArgs])) !== 0) failures.push('package suites');
// Only for the whole run: `pnpm test --filter …` asks for some suites, not for these.
const wholeRun: [string, string[]][] = [
  ['weft init project type-check', ['--filter', '@weft/cli', 'run', 'check:init']],
  ['docs examples', ['run', 'docs:check']],
];
if (process.argv.length === 2) {
  for (const [title, args] of wholeRun) if (step(title, ...pnpm(args)) !== 0) failures.push(title);
  // The support example's eval, offline from its cassettes: the JSON report, and the HTML one `weft serve` lists.
  const evalArgs = ['-s', 'weft', 'eval', 'docs/examples/support/support.eval.ts', '--json', '--html', '.weft/evals/support.html'];
  if (stepToFile('support eval', ...pnpm(evalArgs), '.weft/evals/support.json') !== 0) failures.push('support eval');
  // Version 2 of the support example must carry version 1's frozen threads over (a deploy that would strand them fails here).
  const migrateArgs = [
    '-s',
    'weft',
    'migrate',
    'test',
    'docs/examples/support/v2/support-v2.ts',
    '--fixtures',
    'docs/examples/support/v2/fixtures',
  ];
  if (step('support migration fixtures', ...pnpm(migrateArgs)) !== 0) failures.push('support migration fixtures');
}
if (step('summary', ...pnpm(['exec', 'tsx', 'scripts/test-summary.ts'])) !== 0) failures.push('summary');

if (failures.length > 0) {
  console.error(`\nFailed: ${failures.join(', ')}`);
  process.exit(1);
}
