/** Where the queue benchmark's Redis and PostgreSQL are (scripts/start-redis.sh, scripts/start-postgres.sh). */
export function redisConnection(): { host: string; port: number; maxRetriesPerRequest: null } {
  const raw = process.env['WEFT_REDIS_URL'];
  if (!raw) throw new Error('queue benchmark: set WEFT_REDIS_URL (eval "$(bash scripts/start-redis.sh | tail -n 1)")');
  const url = new URL(raw);
  return { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
}

/** The PostgreSQL schema every process of the benchmark shares. */
export const PG_SCHEMA = 'weft_bench_queue';

export function pgUrl(): string {
  const url = process.env['WEFT_PG_URL'];
  if (!url) throw new Error('queue benchmark: set WEFT_PG_URL (eval "$(bash scripts/start-postgres.sh | tail -n 1)")');
  return url;
}
