import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from '../command.ts';
import { CliError } from '../errors.ts';
import { packageRoot } from '../package-root.ts';

const USAGE = `usage: weft bench [harness options]

Runs the benchmark harness of the Weft repository (benchmarks/src/main.ts)
and streams its output; every argument goes to the harness unchanged. Needs
a checkout: the benchmarks folder next to packages/.

harness options (see benchmarks/README.md):
  --quick                  fewer samples, for a fast look
  --only <shape,…>         only these scenarios
  --frameworks <id,…>      only these frameworks
  --warmup <n>  --samples <n>  --size <n>
weft bench -- --help shows the harness's own usage.`;

// The CLI is packages/cli in a checkout of the repository: the repository is two levels up.
const REPO = resolve(packageRoot(), '../..');

/** `weft bench`: the benchmark harness in a child process, its output streamed, its exit code passed on. */
export const benchCommand: Command = {
  name: 'bench',
  usage: USAGE,
  async execute(args) {
    const main = join(REPO, 'benchmarks', 'src', 'main.ts');
    if (!existsSync(main) || !existsSync(join(REPO, 'packages')))
      throw new CliError(
        'BENCH_UNAVAILABLE',
        `no benchmark harness at ${main}`,
        'weft bench runs in a checkout of the Weft repository (benchmarks/ next to packages/)',
      );
    // The tsx loader of this package, by URL: `--import tsx` would resolve from the caller's folder.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = spawn(process.execPath, ['--import', tsx, main, ...args], { stdio: 'inherit' });
    // Ctrl-C reaches the child too (same process group); this process waits for it to finish.
    const ignore = () => {};
    process.on('SIGINT', ignore);
    try {
      return await new Promise<number>((done, fail) => {
        child.once('error', (err) =>
          fail(
            new CliError('BENCH_UNAVAILABLE', `cannot start the harness: ${err.message}`, 'check that node can run here', { cause: err }),
          ),
        );
        child.once('exit', (code, signal) => done(code ?? (signal ? 130 : 1)));
      });
    } finally {
      process.off('SIGINT', ignore);
    }
  },
};
