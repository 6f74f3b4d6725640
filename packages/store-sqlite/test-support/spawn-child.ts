import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface Child {
  process: ChildProcess;
  /** Resolves when the child prints a line equal to `marker`. */
  printed(marker: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Runs a test-support script in a new Node process (through tsx, like a user's script). */
export function spawnChild(script: string, args: string[]): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', `test-support/${script}`, ...args], { cwd: PACKAGE_DIR });
  let stdout = '';
  let stderr = '';
  const waiting: { marker: string; resolve: () => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    const lines = stdout.split('\n');
    for (const w of waiting.splice(0))
      if (lines.includes(w.marker)) w.resolve();
      else waiting.push(w);
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  const printed = (marker: string) =>
    stdout.split('\n').includes(marker)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiting.push({ marker, resolve });
          void exited.then(({ code, signal }) =>
            reject(new Error(`child exited (${code ?? signal}) before printing "${marker}":\n${stderr}`)),
          );
        });
  return { process: child, printed, exited };
}
