/**
 * How long the `weft` command takes to start, as a person runs it: wall time
 * of whole processes (hyperfine-style: warm-up runs, then N timed runs; the
 * median, min and max), for `weft --version`, `weft --help` and
 * `weft graph docs/examples/support/support.ts`, each
 *
 * - from dist/: NODE_OPTIONS cleared, so no `@weft/source` condition — what an
 *   installed @weft/cli runs (the user's .ts module still goes through tsx);
 * - from src/: `--conditions=@weft/source`, as in the workspace (pnpm scripts,
 *   tests): the CLI and every package compiled on the fly by tsx.
 *
 *   npx tsx benchmarks/src/startup/cli-startup.ts [--runs 20] [--warmup 3] [--repo <checkout>]
 *
 * `--repo` measures another checkout (a `git worktree` of an older commit, for
 * a before/after). Packages whose dist/ is older than their sources are built
 * first (`pnpm build`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { markdownTable } from '../harness/markdown-table.ts';
import { staleBuilds } from './stale-builds.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, warmup: { type: 'string', default: '3' }, repo: { type: 'string' } },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const repo = resolve(values.repo ?? fileURLToPath(new URL('../../..', import.meta.url)));
const bin = join(repo, 'packages', 'cli', 'bin', 'weft.js');

const CASES = [
  { name: 'weft --version', args: ['--version'] },
  { name: 'weft --help', args: ['--help'] },
  { name: 'weft graph support.ts', args: ['graph', 'docs/examples/support/support.ts'] },
];
const MODES = [
  { name: 'dist', nodeOptions: '' },
  { name: 'src (tsx)', nodeOptions: '--conditions=@weft/source' },
];

/** The environment without what changes the work: a real model for the example, another store, a debug flag. */
function env(nodeOptions: string): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: nodeOptions };
  for (const key of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'WEFT_STORE', 'WEFT_DEBUG']) delete clean[key];
  return clean;
}

function timeOnce(args: string[], nodeOptions: string): number {
  const t0 = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: repo, env: env(nodeOptions), stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (result.status !== 0) throw new Error(`weft ${args.join(' ')} exited with ${result.status}: ${result.stderr.toString()}`);
  return ms;
}

const stale = staleBuilds(repo);
if (stale.length > 0) {
  console.error(`building ${stale.join(', ')} (dist older than src)…`);
  execFileSync('npx', ['-y', 'pnpm@10.34.9', 'build'], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
}

const rows: string[][] = [];
for (const mode of MODES)
  for (const c of CASES) {
    for (let i = 0; i < warmup; i++) timeOnce(c.args, mode.nodeOptions);
    const times = Array.from({ length: runs }, () => timeOnce(c.args, mode.nodeOptions)).sort((a, b) => a - b);
    const median = times.length % 2 ? times[times.length >> 1]! : (times[(times.length >> 1) - 1]! + times[times.length >> 1]!) / 2;
    rows.push([c.name, mode.name, median.toFixed(0), times[0]!.toFixed(0), times.at(-1)!.toFixed(0)]);
  }

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo }).toString().trim();
console.log(`weft start-up · ${repo} @ ${commit} · node ${process.version} · ${runs} runs after ${warmup} warm-up, wall ms\n`);
console.log(markdownTable(['command', 'from', 'median', 'min', 'max'], rows, ['l', 'l', 'r', 'r', 'r']));
