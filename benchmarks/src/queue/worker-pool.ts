/**
 * Starts W worker processes (worker-process.ts, Weft from its sources
 * through tsx) and waits for each one's `ready` line, so the timing starts
 * with every worker connected; `stop()` closes them with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

export interface WorkerPool {
  stop(): Promise<void>;
}

function startOne(queue: string, concurrency: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@weft/source', '--import', 'tsx', WORKER, queue, String(concurrency)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`queue worker exited (${String(code)}) before it was ready`)));
  });
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

export async function startWorkers(queue: string, processes: number, concurrency: number): Promise<WorkerPool> {
  const children = await Promise.all(Array.from({ length: processes }, () => startOne(queue, concurrency)));
  return {
    async stop() {
      for (const c of children) c.kill('SIGTERM');
      await Promise.all(children.map(exited));
    },
  };
}
