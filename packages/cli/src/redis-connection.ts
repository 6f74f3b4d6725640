import { usageError } from './errors.ts';

/** What BullMQ passes to ioredis: the fields a `redis://` URL can name. */
export interface RedisOptions {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  /** `rediss://`: TLS with the system's certificate authorities. */
  tls?: Record<string, never>;
}

export interface RedisConnection {
  options: RedisOptions;
  /** For people: `redis 127.0.0.1:6379` (no password), `redis 10.0.0.5:6380/2 (tls)`. */
  label: string;
}

/**
 * The Redis server a queue command names: `redis://[user:password@]host[:port][/db]`,
 * or `rediss://` for TLS. Parsed here rather than handed to ioredis as a
 * string, so a mistyped URL is a usage error now and not a reconnect loop later.
 */
export function redisConnection(flag: string, url: string): RedisConnection {
  const wrong = (why: string) =>
    usageError(
      `${flag} ${JSON.stringify(url)} ${why}`,
      `give a Redis URL: redis://[user:password@]host[:port][/db], e.g. redis://127.0.0.1:6379`,
    );
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol !== 'redis:' && parsed?.protocol !== 'rediss:') throw wrong('is not a redis:// or rediss:// URL');
  if (!parsed.hostname) throw wrong('names no host');
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const path = parsed.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d+$/.test(path)) throw wrong(`names the database ${JSON.stringify(path)}, which is not a number`);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const options: RedisOptions = {
    host,
    port,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(path !== '' ? { db: Number(path) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  const label = `redis ${parsed.host}${path !== '' ? `/${path}` : ''}${options.tls ? ' (tls)' : ''}`;
  return { options, label };
}
