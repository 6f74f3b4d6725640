import { usageError } from './errors.ts';
import type { PrintedOption } from './printed-command.ts';
import { redisConnection, type RedisConnection } from './redis-connection.ts';

/** The queue `weft worker` takes jobs from, and `run --queue` / `resume --queue` send them to, unless `--queue-name` names another. */
export const DEFAULT_QUEUE_NAME = 'weft';

/** Which queue, on which Redis server. */
export interface QueueAddress {
  connection: RedisConnection;
  name: string;
  /** The options a printed `weft resume` repeats to reach the same queue. */
  via: PrintedOption[];
}

/**
 * The queue a command names: `flag` (`--redis` or `--queue`) gives the Redis
 * URL, `--queue-name` the queue (default `weft`). BullMQ keys a queue's data
 * under `bull:<name>:…`, so a name with `:` would read another queue's keys.
 */
export function queueAddress(flag: string, url: string, name: string | undefined): QueueAddress {
  if (name !== undefined && (name === '' || name.includes(':')))
    throw usageError(
      `--queue-name ${JSON.stringify(name)} is not a queue name`,
      'name it with letters, digits, - and _ (no ":"), e.g. --queue-name support',
    );
  const via: PrintedOption[] = [['--queue', url]];
  if (name !== undefined && name !== DEFAULT_QUEUE_NAME) via.push(['--queue-name', name]);
  return { connection: redisConnection(flag, url), name: name ?? DEFAULT_QUEUE_NAME, via };
}
