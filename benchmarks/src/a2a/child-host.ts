import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { nodeOptionsFor, weftFrom } from '../harness/weft-from.ts';
import type { ServerHost } from './server-host.ts';

const SERVER = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/**
 * A host whose servers run in one child process (server-process.ts, through
 * tsx, loading Weft from the same copy as this process): `serve()` asks it
 * for one more server and waits for its URL; `close()` closes its stdin and
 * waits for it to exit.
 */
export function childHost(): ServerHost {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: nodeOptionsFor(weftFrom()) },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waiting: { resolve: (url: string) => void; reject: (err: Error) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('url ')) waiting.shift()?.resolve(line.slice(4));
  });
  void exited.then((code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`the A2A server process exited (${String(code)}) before it served`));
  });
  return {
    serve() {
      if (child.exitCode !== null) return Promise.reject(new Error(`the A2A server process has exited (${String(child.exitCode)})`));
      return new Promise<string>((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin!.write('serve\n');
      });
    },
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}
