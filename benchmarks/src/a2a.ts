/**
 * What one A2A hop costs (`pnpm bench:a2a`): one user message in, one answer
 * out, through each layer side by side in one run. (a) the agent in-process,
 * no A2A (the floor); (b) the SDK's client and a server written with the SDK
 * alone (the protocol's own cost); (c) the SDK's client and `serveA2A()`,
 * blocking send and stream (Weft serving); (d) `a2aAgent()` in a Runner and
 * `serveA2A()` (Weft both ways); (e) (d) with the server in a child process.
 * The agent answers one fixed line from a scripted model; every server
 * listens on 127.0.0.1, in this process except (e)'s. Median and p90 µs per
 * message, warm and cold (a fresh client's first message), with ratios to
 * (a) and (b). See benchmarks/README.md, "2026-11-28: one A2A hop".
 *
 *   pnpm bench:a2a [--samples 1000] [--warmup 100] [--cold 20] [--quick] [--write]
 */
import './a2a/loopback-only.ts';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { nonNegativeInt } from './harness/arg-values.ts';
import { dayResultsFile } from './harness/day-results-file.ts';
import { runEnvironment } from './harness/run-environment.ts';
import { weftFrom } from './harness/weft-from.ts';
import { hopRows } from './a2a/hop-rows.ts';
import { hopTables } from './a2a/hop-tables.ts';
import { measureHops, type HopCounts, type HopResult } from './a2a/measure-hops.ts';

const USAGE = 'usage: tsx src/a2a.ts [--samples N] [--warmup N] [--cold N] [--quick] [--write]';
const { values } = parseArgs({
  // pnpm forwards a literal "--" when called as `pnpm bench:a2a -- --quick`.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    samples: { type: 'string' },
    warmup: { type: 'string' },
    cold: { type: 'string' },
    quick: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const quick = values.quick === true;
const count = (flag: string, value: string | undefined, full: number, small: number, least: number): number =>
  Math.max(least, value === undefined ? (quick ? small : full) : nonNegativeInt(flag, value, USAGE));
const counts: HopCounts = {
  samples: count('--samples', values.samples, 1000, 50, 1),
  warmup: count('--warmup', values.warmup, 100, 10, 0),
  cold: count('--cold', values.cold, 20, 3, 1),
};

const from = weftFrom();
const env = runEnvironment();
const header = `Node ${env.node}, ${env.cpu} × ${env.cores}, Weft from ${from === 'source' ? 'src/' : 'dist/'}; servers on 127.0.0.1, in this process except (e)'s`;
console.error(header);

/** The rows' results; the servers (and the child process) are closed whatever happens. */
async function measured(): Promise<HopResult[]> {
  const { rows, hosts } = hopRows();
  try {
    return await measureHops(rows, counts, (line) => console.error(line));
  } finally {
    await Promise.all(hosts.map((h) => h.close()));
  }
}

const results = await measured();
const lines = hopTables(results, counts);
console.log(`\n${lines.join('\n')}\n`);

// With --write: the tables to results/<date>-a2a.md and the figures to results/<date>-a2a.json.
if (values.write === true) {
  const base = dayResultsFile(new Date()).replace(/\.json$/, '-a2a');
  await writeFile(
    `${base}.md`,
    `# One A2A hop, ${new Date().toISOString().slice(0, 10)}\n\nWritten by \`src/a2a.ts\` (${header}).\n\n${lines.join('\n')}\n`,
  );
  const doc = { date: new Date().toISOString(), environment: env, weftFrom: from, counts, units: 'µs per message', results };
  await writeFile(`${base}.json`, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`a2a results written to ${base}.md and ${base}.json`);
}
