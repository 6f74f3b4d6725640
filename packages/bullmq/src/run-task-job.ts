import { decodeValue, encodeValue, errorToJSON, type StepBase, type TaskResult } from '@weft/graph';
import { UnrecoverableError, type Job, type RedisClient } from 'bullmq';
import { QueueError } from './errors.ts';
import { parseStepBase, parseTaskJobData, type WeftTaskJobData } from './task-job-data.ts';
import { splitSignature, withSignature, type TaskSigner } from './task-signer.ts';
import type { WorkerTarget } from './worker-target.ts';

/** What every task job of a worker shares. */
export interface TaskJobSettings {
  queue: string;
  targets: ReadonlyMap<string, WorkerTarget>;
  client: Promise<RedisClient>;
  /** The task queue's key for a name (`queue.toKey`). */
  toKey: (name: string) => string;
  signal: AbortSignal;
  /** Steps' shared parts read lately, by step key: the tasks of one step read it once per worker. */
  steps: Map<string, StepBase>;
  /** With the workers' signingKey: checks the task and its step before running, and signs the result. */
  signer: TaskSigner | undefined;
}

/** Steps kept in a worker's cache of shared parts. */
const CACHED_STEPS = 64;

/** Refusals another attempt would meet again: the task job fails at once. */
const PERMANENT = new Set([
  'QUEUE_JOB_DATA_INVALID',
  'QUEUE_TARGET_UNKNOWN',
  'QUEUE_TARGET_NOT_GRAPH',
  'TASK_GRAPH_MISMATCH',
  'VALUE_CORRUPT',
  'INVALID_ARGUMENT',
  'QUEUE_SIGNATURE_INVALID',
]);

/**
 * One distributed task: the node run by the worker's copy of the graph, on the
 * step's state and the task's input, its result encoded as the job's return
 * value (the run reads it from there). A node's own failure is a result (the
 * run reports it as a local run would); only a task that cannot run here
 * fails the job.
 */
export async function runTaskJob(job: Job<WeftTaskJobData, string>, s: TaskJobSettings): Promise<string> {
  try {
    const { data, task } = parseTaskJobData(job.data, job.id, s.signer);
    const target = s.targets.get(data.target);
    if (!target)
      throw new QueueError(
        'QUEUE_TARGET_UNKNOWN',
        `no target "${data.target}" on the workers of queue "${s.queue}" to run task ${job.id} of`,
        {
          details: { target: data.target },
        },
      );
    const graph = target.graph;
    const base = await stepBase(data.stepKey, s);
    const result = await graph.runTask({ ...base, task }, { signal: s.signal });
    const text = encoded(result);
    return withSignature(text, s.signer?.sign('result', job.id!, text));
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && PERMANENT.has(code)) throw new UnrecoverableError(`${code}: ${(err as Error).message}`);
    throw err;
  }
}

/** The result as base64 bytes; an output or state change that cannot travel is the task's error, as it would fail a local checkpoint. */
function encoded(result: TaskResult): string {
  try {
    return Buffer.from(encodeValue(result)).toString('base64');
  } catch (err) {
    const failed: TaskResult = { kind: 'error', error: errorToJSON(err), branch: false, events: [] };
    return Buffer.from(encodeValue(failed)).toString('base64');
  }
}

async function stepBase(stepKey: string, s: TaskJobSettings): Promise<StepBase> {
  const cached = s.steps.get(stepKey);
  if (cached) return cached;
  const client = await s.client;
  const text = await client.get(s.toKey(`weft-step:${stepKey}`));
  const where = `step ${stepKey}`;
  if (text === null)
    throw new QueueError(
      'QUEUE_TASK_FAILED',
      `${where}'s data is gone from Redis (expired or lost); its run dispatches it again when it continues`,
    );
  const { text: step, signature } = splitSignature(text);
  s.signer?.verify('step', stepKey, step, signature, `the shared part of ${where}`);
  const base = parseStepBase(decodeValue(Buffer.from(step, 'base64'), where), where);
  s.steps.set(stepKey, base);
  if (s.steps.size > CACHED_STEPS) s.steps.delete(s.steps.keys().next().value!);
  return base;
}
