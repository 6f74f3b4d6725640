import type { RedisClient } from 'bullmq';

/** How a task job stands, as one read of its hash tells. */
export type TaskJobState =
  { state: 'gone' } | { state: 'running' } | { state: 'failed'; reason: string } | { state: 'done'; returnvalue: string };

// Lua through BullMQ's client interface (ioredis, node-redis, …), as events-stream.ts does.
const KEEP = 'weftKeepStep';
const KEEP_LUA = `return redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX')`;
const STATES = 'weftTaskStates';
// Keys come as arguments (their number varies): one round trip reads every open task of a step.
const STATES_LUA = `
local out = {}
for i = 1, #ARGV do
  local row = redis.call('HMGET', ARGV[i], 'name', 'finishedOn', 'returnvalue', 'failedReason')
  out[#out + 1] = row[1] or false
  out[#out + 1] = row[2] or false
  out[#out + 1] = row[3] or false
  out[#out + 1] = row[4] or false
end
return out`;
const defined = new WeakSet<RedisClient>();

function define(client: RedisClient): void {
  if (defined.has(client)) return;
  client.defineCommand(KEEP, { numberOfKeys: 1, lua: KEEP_LUA });
  client.defineCommand(STATES, { numberOfKeys: 0, lua: STATES_LUA, readOnly: true });
  defined.add(client);
}

/** Writes a step's shared part unless it is there already (a step dispatched again keeps the first copy), expiring after `ttlSeconds`. */
export async function keepStep(client: RedisClient, key: string, text: string, ttlSeconds: number): Promise<void> {
  define(client);
  await client.runCommand(KEEP, [key, text, ttlSeconds]);
}

/** The state of each task job, by its key, in one round trip. */
export async function taskStates(client: RedisClient, keys: readonly string[]): Promise<TaskJobState[]> {
  define(client);
  const flat = ((await client.runCommand(STATES, [...keys])) ?? []) as (string | null)[];
  return keys.map((_, i): TaskJobState => {
    const field = (j: number) => {
      const v = flat[i * 4 + j];
      return typeof v === 'string' ? v : null;
    };
    const [name, finishedOn, returnvalue, failedReason] = [field(0), field(1), field(2), field(3)];
    if (name === null) return { state: 'gone' };
    if (finishedOn === null) return { state: 'running' };
    if (returnvalue === null) return { state: 'failed', reason: failedReason ?? 'no reason given' };
    return { state: 'done', returnvalue };
  });
}
