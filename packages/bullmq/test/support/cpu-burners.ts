import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** What a burner runs: a busy loop that ends by itself after `ms`, should the test that started it die first. */
const BUSY_LOOP = `const end = Date.now() + Number(process.argv[1]); while (Date.now() < end) {}`;

/** Child processes that keep CPUs busy, as another CPU-heavy job on the same machine would. */
export interface CpuBurners {
  /** How many are running. */
  readonly count: number;
  /** Kills them and waits for their exits. */
  stop(): Promise<void>;
}

/**
 * Starts `count` busy-loop processes (none for 0), each ending by itself
 * after `maxMs` at the latest; `stop()` ends them sooner.
 */
export function startCpuBurners(count: number, maxMs: number): CpuBurners {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', BUSY_LOOP, String(maxMs)], { stdio: 'ignore' }),
  );
  return {
    count,
    async stop() {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = once(child, 'exit');
          child.kill('SIGKILL');
          await exited;
        }),
      );
    },
  };
}
