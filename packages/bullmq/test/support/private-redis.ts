import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const answers = (port: number): boolean => {
  try {
    return execFileSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', stdio: 'pipe', timeout: 5_000 }).includes('PONG');
  } catch {
    return false;
  }
};

/**
 * A redis-server of one test's own, configured as scripts/start-redis.sh
 * configures the shared one (append-only file fsynced at every write, no RDB),
 * on a free port: the test can stop and start it without pulling Redis from
 * under the other test files that run meanwhile on the shared server.
 */
export class PrivateRedis {
  readonly dir = mkdtempSync(join(tmpdir(), 'weft-private-redis-'));
  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again: it reloads its append-only file) and waits until it answers. */
  async start(): Promise<void> {
    execFileSync('redis-server', [
      ...['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir],
      ...['--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
      ...['--daemonize', 'yes', '--pidfile', join(this.dir, 'redis.pid'), '--logfile', join(this.dir, 'redis.log')],
    ]);
    await this.#until(true);
  }

  /** SHUTDOWN (the server writes its append-only file and exits), and waits until it is gone. */
  async stop(): Promise<void> {
    try {
      execFileSync('redis-cli', ['-p', String(this.port), 'shutdown'], { stdio: 'pipe', timeout: 10_000 });
    } catch {
      // redis-cli may exit non-zero as the server drops the connection; the wait below decides.
    }
    await this.#until(false);
  }

  async dispose(): Promise<void> {
    if (answers(this.port)) await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  async #until(up: boolean): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (answers(this.port) === up) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server on ${this.port} did not ${up ? 'start' : 'stop'} within 10 s; see ${this.dir}/redis.log`);
  }
}
