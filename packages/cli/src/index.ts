/**
 * @weft/cli — the `weft` command: run agent systems and graphs from a module,
 * resume them at their interrupts in another process, list threads and
 * checkpoints, draw graphs, replay recorded runs, run the benchmarks.
 *
 * @example
 * // From a shell:
 * //   weft run docs/examples/support/support.ts --query "…" --session company=Acme --thread t1
 * //   weft resume t1 --value '{"approved":true}'
 * // Or embedded (tests, other tools): same arguments, the exit code back.
 * import { main } from '@weft/cli';
 *
 * const code = await main(['threads', '--json']);
 */

// The command
export { main } from './main.ts';
export type { CliIo } from './cli-io.ts';
export { processIo } from './cli-io.ts';

// Errors
export { CliError } from './errors.ts';
export type { CliErrorCode } from './errors.ts';
