import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * How long a test that starts Node processes may take. Each child loads tsx
 * and the packages from source (about a second alone, several on a loaded
 * 2-core machine running the whole suite), so process tests never get
 * vitest's 5 s default; they wait for events, never for fixed times.
 */
export const PROCESS_TEST_TIMEOUT_MS = 120_000;

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Child {
  process: ChildProcessWithoutNullStreams;
  /** Resolves when the child prints a line equal to `marker`; rejects if it exits first. */
  printed(marker: string): Promise<void>;
  exited: Promise<ChildExit>;
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
  const exited = new Promise<ChildExit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
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
