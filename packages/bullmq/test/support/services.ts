import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));

export interface Services {
  redisUrl: string;
  pgUrl: string;
}

/**
 * Runs `scripts/<script>` (which prints `export NAME=value` last) and returns
 * the value, or undefined when the script fails (no server, no way to install one).
 */
function fromScript(script: string, name: string): string | undefined {
  try {
    const out = execFileSync('bash', [`scripts/${script}`], {
      cwd: REPO,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 600_000,
    });
    return new RegExp(`${name}=(\\S+)`).exec(out)?.[1];
  } catch (err) {
    console.warn(`${script} failed: ${(err as Error).message}`);
    return undefined;
  }
}

/** WEFT_REDIS_URL and WEFT_PG_URL, started by the repo's scripts when unset. */
function resolveServices(): Services | undefined {
  process.env['WEFT_REDIS_URL'] ||= fromScript('start-redis.sh', 'WEFT_REDIS_URL') ?? '';
  process.env['WEFT_PG_URL'] ||= fromScript('start-postgres.sh', 'WEFT_PG_URL') ?? '';
  const redisUrl = process.env['WEFT_REDIS_URL'];
  const pgUrl = process.env['WEFT_PG_URL'];
  return redisUrl && pgUrl ? { redisUrl, pgUrl } : undefined;
}

export const services = resolveServices();

/** Whether this machine can run a redis-server of its own (scripts/start-redis.sh installs it when it can). */
function redisServerInstalled(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * `describe` when both servers are there (and, with `redisServer`, a
 * redis-server binary to start a private one), else `describe.skip` with a
 * warning. In CI (CI=true) their absence is a failing test, so CI never passes by skipping.
 */
export function servicesDescribe(needs: { redisServer?: boolean } = {}): typeof describe | typeof describe.skip {
  const why = !services
    ? 'WEFT_REDIS_URL / WEFT_PG_URL unset and scripts/start-redis.sh / start-postgres.sh could not start them'
    : needs.redisServer && !redisServerInstalled()
      ? 'no redis-server on PATH to start a private Redis'
      : undefined;
  if (!why) return describe;
  if (process.env['CI'] === 'true')
    it('Redis and PostgreSQL are available (CI must run the distributed tests)', () => {
      throw new Error(why);
    });
  else console.warn(`skipping a distributed @weft/bullmq test: ${why}`);
  return describe.skip;
}
