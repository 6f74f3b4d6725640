import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Makes sure a Redis answers at WEFT_REDIS_URL for the tests: CI starts it
 * (scripts/start-redis.sh) and sets the variable; without it, this starts the
 * same throwaway server and sets it for the test files.
 */
export default function setup(): void {
  if (process.env['WEFT_REDIS_URL']) return;
  const script = join(import.meta.dirname, '..', '..', '..', 'scripts', 'start-redis.sh');
  const out = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = /export WEFT_REDIS_URL=(\S+)/.exec(out.trim().split('\n').at(-1) ?? '')?.[1];
  if (!url) throw new Error(`scripts/start-redis.sh printed no WEFT_REDIS_URL line:\n${out}`);
  process.env['WEFT_REDIS_URL'] = url;
}
