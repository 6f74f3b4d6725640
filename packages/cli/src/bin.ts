/**
 * The `weft` command's entry: runs the command line and sets the exit code.
 * `--version` answers from package.json alone, without loading the commands.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  process.stdout.write(`weft ${pkg.version}\n`);
} else {
  const { main } = await import('./main.ts');
  process.exitCode = await main(args);
}
