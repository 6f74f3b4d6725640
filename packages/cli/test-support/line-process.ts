import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A child process read line by line: tests wait for the line that says
 * something happened (ready, a node started, a result), never for a time.
 */
export class LineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<number | null>;
  #lines: string[] = [];
  #waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  #stderr = '';

  constructor(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    this.child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => (this.#stderr += d));
    createInterface({ input: this.child.stdout }).on('line', (line) => this.#take(line));
    this.exited = new Promise((done) => this.child.once('close', (code) => done(code)));
  }

  get stderr(): string {
    return this.#stderr;
  }

  /** Every stdout line so far. */
  get lines(): readonly string[] {
    return this.#lines;
  }

  /** The first stdout line (already read or still to come) that matches; rejects if the process ends first. */
  waitFor(match: (line: string) => boolean): Promise<string> {
    const seen = this.#lines.find(match);
    if (seen !== undefined) {
      this.#lines.splice(this.#lines.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      this.#waiters.push({ match, resolve });
      void this.exited.then((code) => reject(new Error(`the process ended (code ${code}) before the line came; stderr: ${this.#stderr}`)));
    });
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Closes stdin and waits for the exit code. */
  async end(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }

  #take(line: string): void {
    const waiter = this.#waiters.find((w) => w.match(line));
    if (!waiter) return void this.#lines.push(line);
    this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
    waiter.resolve(line);
  }
}
