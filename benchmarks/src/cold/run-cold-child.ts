import { spawnSync } from 'node:child_process';
import { nodeOptionsFor, withoutSourceCondition, type WeftCopy } from '../harness/weft-from.ts';
import { REPORT_PREFIX, type ColdChildReport } from './cold-child-report.ts';

/**
 * How a cold process starts. Every one runs the compiled harness
 * (build-cold-child.ts) under plain `node`, without the `@weft/source`
 * condition, as users run dist/. Weft from its sources needs the condition
 * and tsx's loader (this process's, from its exec arguments) to load the
 * packages' TypeScript, as in the workspace; only those processes have them.
 */
function processFor(from: WeftCopy): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  return {
    execArgv: from === 'source' ? withoutSourceCondition(process.execArgv) : [],
    env: { ...process.env, NODE_OPTIONS: nodeOptionsFor(from) },
  };
}

/**
 * Runs the compiled cold child `entry` with `args` in a fresh process that
 * loads Weft from `from`, waits for it (one at a time: two processes would
 * share this machine's two cores with each other), and returns its report.
 * Its other output is passed through; a crash, a timeout or a missing report
 * throws with what the child printed last.
 */
export function runColdChild(entry: string, args: readonly string[], from: WeftCopy, timeoutMs: number): ColdChildReport {
  const { execArgv, env } = processFor(from);
  const res = spawnSync(process.execPath, [...execArgv, entry, ...args, '--weft-from', from], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (res.stdout ?? '').split('\n');
  const report = lines.find((l) => l.startsWith(REPORT_PREFIX));
  const other = lines.filter((l) => l && !l.startsWith(REPORT_PREFIX));
  if (other.length) console.log(other.map((l) => `   | ${l}`).join('\n'));
  if (res.stderr) process.stderr.write(res.stderr);
  if (report && res.status === 0) return JSON.parse(report.slice(REPORT_PREFIX.length)) as ColdChildReport;
  const why = res.error?.message ?? (res.signal ? `killed by ${res.signal}` : `exit ${String(res.status)}`);
  const last = (res.stderr ?? '').trim().split('\n').pop();
  throw new Error(`cold process failed (${why})${last ? `: ${last}` : ''}`);
}
