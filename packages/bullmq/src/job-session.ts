import { encodeValue } from '@weft/graph';
import { QueueError } from './errors.ts';
import type { WeftJobData } from './job-data.ts';
import type { WorkerTarget } from './worker-target.ts';

/**
 * The session values an agent job's run sets before it starts: the worker's
 * defaults (`agentOptions.sessionValues`) under the job's own values. A run
 * starts from both. A resume gives a default only for a key missing from the
 * session of the checkpoint it continues (a thread started before the
 * worker declared it): a value the thread has was chosen by its run (by its
 * sender, or by a tool that set it) and stays, unless the resume job sends
 * its own. The same rule as the `weft` command's for a module's
 * `sessionValues` in run, resume, serve and mcp.
 *
 * `headId` is the thread's latest checkpoint, which a resume without a
 * `checkpointId` continues. Undefined: nothing to set (a graph has no
 * session). Only a resume with defaults reads the store: its checkpoint's state.
 */
export async function jobSessionValues(
  target: WorkerTarget,
  data: WeftJobData,
  headId: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (target.kind === 'graph') return undefined;
  const defaults = Object.entries(target.sessionValues);
  const sent = data.sessionValues ?? {};
  if (defaults.length === 0) return data.sessionValues;
  if (data.kind === 'run') return { ...target.sessionValues, ...sent };
  const checkpointId = data.checkpointId ?? headId;
  // No checkpoint to continue: the resume is refused (THREAD_NOT_FOUND) before any value matters.
  if (checkpointId === undefined) return data.sessionValues;
  const saved = (await target.runner.graph.getState(data.threadId, checkpointId)).state.session;
  const values = { ...Object.fromEntries(defaults.filter(([key]) => !Object.hasOwn(saved, key))), ...sent };
  return Object.keys(values).length === 0 ? undefined : values;
}

/**
 * `agentOptions.sessionValues` checked when the worker is made: a plain
 * object of values a checkpoint can hold, so that no job can fail on them later.
 */
export function checkSessionDefaults(value: unknown): void {
  if (value === undefined) return;
  const bad = (why: string) => new QueueError('INVALID_ARGUMENT', `new WeftWorker(): agentOptions.sessionValues ${why}`);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('must be an object of values, by key');
  try {
    encodeValue(value);
  } catch (err) {
    throw bad(`must be plain data, as a checkpoint holds it: ${(err as Error).message}`);
  }
}
