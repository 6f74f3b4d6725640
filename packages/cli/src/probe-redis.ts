import { connect, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { CliError } from './errors.ts';
import type { RedisConnection } from './redis-connection.ts';

/** How long a submitter waits for Redis to accept a connection before it says it cannot reach it. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Checks that Redis accepts a connection, before `run --queue` or `resume
 * --queue` hands the queue to BullMQ: ioredis would retry a refused
 * connection for ever, silently, and a command a person typed must say what
 * is wrong instead. A worker does not probe: it waits for Redis as long as
 * it takes.
 */
export function probeRedis({ options, label }: RedisConnection, flag: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = options.tls
      ? connectTls({ host: options.host, port: options.port, servername: options.host })
      : connect({ host: options.host, port: options.port });
    const fail = (why: string, cause?: unknown) => {
      socket.destroy();
      reject(
        new CliError(
          'QUEUE_UNREACHABLE',
          `cannot reach the queue's Redis (${label}): ${why}`,
          `is Redis running there, and is the URL of ${flag} right?`,
          { cause },
        ),
      );
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => fail(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`));
    socket.once('error', (err) => fail(err.message, err));
    socket.once(options.tls ? 'secureConnect' : 'connect', () => {
      socket.destroy();
      resolve();
    });
  });
}
