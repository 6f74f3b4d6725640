import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * A race-child.ts process seen as a queue of the lines it prints. `next()`
 * rejects once the process has exited without printing more, so a racer that
 * dies fails the test instead of hanging it.
 */
export class RacerProcess {
  readonly #child: ChildProcessByStdio<Writable, Readable, null>;
  readonly #lines: string[] = [];
  readonly #exit: Promise<number | null>;
  #wake: (() => void) | undefined;
  #exited = false;

  constructor(args: string[]) {
    this.#child = spawn(process.execPath, ['--import', 'tsx', 'test-support/race-child.ts', ...args], {
      cwd: PACKAGE_DIR,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: this.#child.stdout }).on('line', (line) => {
      this.#lines.push(line);
      this.#wake?.();
    });
    this.#exit = new Promise((resolve) =>
      this.#child.once('close', (code) => {
        this.#exited = true;
        this.#wake?.();
        resolve(code);
      }),
    );
  }

  send(line: string): void {
    this.#child.stdin.write(`${line}\n`);
  }

  async next(): Promise<string> {
    while (this.#lines.length === 0) {
      if (this.#exited) throw new Error(`race child ${this.#child.pid} exited (${String(await this.#exit)}) without printing another line`);
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
    return this.#lines.shift() as string;
  }

  /** Closes its stdin (the child then closes its store) and resolves to its exit code. */
  end(): Promise<number | null> {
    this.#child.stdin.end();
    return this.#exit;
  }
}
