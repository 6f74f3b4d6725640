/**
 * The cold table alone (`pnpm bench:cold`): what a process that just started
 * pays for each framework and shape (src/cold/run-cold.ts). A full run of
 * every framework is recorded under the day's results file's `cold` key.
 *
 *   tsx src/cold.ts [--quick] [--only <shape,…>] [--frameworks <id,…>] [--from source|dist|both] [--first N] [--warmup W] [--size N]
 */
import { parseColdArgs } from './cold/parse-cold-args.ts';
import { recordCold } from './cold/record-cold.ts';
import { runCold } from './cold/run-cold.ts';

async function main(): Promise<void> {
  const opts = parseColdArgs(process.argv.slice(2));
  const shapes = await runCold(opts);
  const file = await recordCold(shapes, opts);
  if (file) console.log(`cold table recorded in ${file} and its Markdown`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
