import { randomBytes } from 'node:crypto';

// 96 random bits per process, then a counter: unique across processes and restarts without a UUID's cost per step.
// Hex and base 36 only, so an id never starts with '-' (a command-line flag) or needs quoting.
const PREFIX = randomBytes(12).toString('hex');
let next = 0;

/**
 * A new checkpoint id: unique across processes (the random prefix) and
 * within one (the counter), several times cheaper than `randomUUID()` and
 * shorter — it is written at every step, twice (as the checkpoint's id and
 * as its child's parent).
 */
export function newCheckpointId(): string {
  return PREFIX + (next++).toString(36);
}
