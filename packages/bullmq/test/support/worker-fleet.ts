import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'test/fixtures/worker-process.ts';

/** What the fixture reads from its environment (see worker-process.ts). */
export interface WorkerEnv {
  WEFT_REDIS_URL: string;
  WEFT_PG_URL: string;
  WEFT_PG_SCHEMA: string;
  WEFT_QUEUE: string;
  WEFT_JOURNAL: string;
  WEFT_CONCURRENCY?: string;
  WEFT_TASK_CONCURRENCY?: string;
  WEFT_LEASE_TTL_MS?: string;
  WEFT_LOCK_MS?: string;
  WEFT_STALLED_MS?: string;
  /** BullMQ's maxStalledCount (default: WeftWorker's); a job past it must be continued all the same. */
  WEFT_MAX_STALLED?: string;
  /** The workers' sweepIntervalMs ('0': no sweeper, for a test that sweeps by itself). */
  WEFT_SWEEP_MS?: string;
  /** Where otel-worker-process.ts sends its spans (OTLP/HTTP). */
  WEFT_OTLP_URL?: string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The test process's clock when it saw the exit: no line the process wrote can be later. */
  at: number;
}

/** One worker process: worker-process.ts, or the fixture a fleet names. */
export class WorkerProcess {
  readonly pid: number;
  /** Resolves when the worker printed `ready`; rejects if it exits first. */
  readonly ready: Promise<void>;
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  isReady = false;
  readonly #child: ChildProcess;

  constructor(env: WorkerEnv, logPath: string, fixture = FIXTURE) {
    this.#child = spawn(process.execPath, ['--conditions=@weft/source', '--import', 'tsx', fixture], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (this.#child.pid === undefined) throw new Error('worker-process did not start');
    this.pid = this.#child.pid;
    const log = createWriteStream(logPath);
    this.#child.stderr!.pipe(log);
    this.exited = new Promise((resolve) =>
      this.#child.once('exit', (code, signal) => {
        this.exit = { code, signal, at: performance.timeOrigin + performance.now() };
        resolve(this.exit);
      }),
    );
    this.ready = new Promise((resolve, reject) => {
      createInterface({ input: this.#child.stdout! }).on('line', (line) => {
        if (!line.startsWith('ready')) return;
        this.isReady = true;
        resolve();
      });
      void this.exited.then((e) => reject(new Error(`worker ${this.pid} exited (${e.code ?? e.signal}) before ready; see ${logPath}`)));
    });
    this.ready.catch(() => {}); // observed by whoever awaits it
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  /** SIGKILL: a crash, no cleanup. */
  kill(): void {
    this.#child.kill('SIGKILL');
  }

  /** SIGTERM: the fixture closes its worker gracefully and exits 0. */
  async stop(): Promise<Exit> {
    if (this.alive) this.#child.kill('SIGTERM');
    return this.exited;
  }
}

/** A kill the test made: which process, and when (the test's clock, just before the signal). */
export interface Kill {
  pid: number;
  at: number;
}

/** Starts, kills and stops worker processes, and remembers every process and kill. */
export class WorkerFleet {
  readonly all: WorkerProcess[] = [];
  readonly kills: Kill[] = [];

  constructor(
    readonly env: WorkerEnv,
    private readonly logDir: string,
    /** The script each process runs, relative to the package. */
    private readonly fixture = FIXTURE,
  ) {}

  start(): WorkerProcess {
    const w = new WorkerProcess(this.env, join(this.logDir, `worker-${this.all.length}.log`), this.fixture);
    this.all.push(w);
    return w;
  }

  live(): WorkerProcess[] {
    return this.all.filter((w) => w.alive);
  }

  kill(w: WorkerProcess): void {
    this.kills.push({ pid: w.pid, at: performance.timeOrigin + performance.now() });
    w.kill();
  }

  /** Exit times of killed processes, by pid. */
  killedExits(): Map<number, number> {
    const killed = new Set(this.kills.map((k) => k.pid));
    return new Map(this.all.filter((w) => killed.has(w.pid) && w.exit).map((w) => [w.pid, w.exit!.at]));
  }

  /** Stops every live worker gracefully; resolves to the exits of those it stopped. */
  stopAll(): Promise<Exit[]> {
    return Promise.all(this.live().map((w) => w.stop()));
  }

  /** Kills whatever is still alive: for afterAll after a failure. */
  killAll(): Promise<Exit[]> {
    return Promise.all(
      this.all.map((w) => {
        if (w.alive) w.kill();
        return w.exited;
      }),
    );
  }
}
