import { decodeValue, type DispatchedTask, type StepBase } from '@weft/graph';
import { QueueError } from './errors.ts';
import type { TaskSigner } from './task-signer.ts';

/** A job of a queue's task queue: one distributed task of a run's step (its data: the step's key and the task, encoded). */
export interface WeftTaskJobData {
  kind: 'task';
  target: string;
  /** Where the step's shared part (state, context, ids) is kept in Redis, written once per step. */
  stepKey: string;
  node: string;
  key: string | undefined;
  /** The DispatchedTask, as `encodeValue` bytes in base64. */
  task: string;
  /** With the workers' `signingKey`: the HMAC of the fields above (`taskSigningText`), in hex. */
  sig?: string;
}

/** What a task job's signature covers: every field a worker acts on, in a fixed order. */
export const taskSigningText = (d: Omit<WeftTaskJobData, 'sig'>): string =>
  JSON.stringify([d.kind, d.target, d.stepKey, d.node, d.key ?? null, d.task]);

/** The task queue of a Weft queue: where its workers' runs send the tasks of distributed nodes. */
export const taskQueueName = (queue: string): string => `${queue}-tasks`;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The task job's data checked, and its task decoded (bounded: the bytes may
 * be hostile). With a signer, data it did not sign is refused
 * (QUEUE_SIGNATURE_INVALID) before anything is decoded.
 */
export function parseTaskJobData(
  data: unknown,
  jobId: string | undefined,
  signer?: TaskSigner,
): { data: WeftTaskJobData; task: DispatchedTask } {
  const bad = (why: string, cause?: unknown) =>
    new QueueError('QUEUE_JOB_DATA_INVALID', `task job ${jobId ?? '(no id)'} carries no Weft task: ${why}`, { cause, details: { jobId } });
  if (!isRecord(data) || data['kind'] !== 'task') throw bad("its kind is not 'task'");
  for (const field of ['target', 'stepKey', 'node', 'task'] as const)
    if (typeof data[field] !== 'string' || !data[field]) throw bad(`${field} must be a non-empty string`);
  if (data['key'] !== undefined && typeof data['key'] !== 'string') throw bad('key must be a string');
  if (data['sig'] !== undefined && typeof data['sig'] !== 'string') throw bad('sig must be a string');
  const fields = data as unknown as WeftTaskJobData;
  signer?.verify('task', fields.stepKey, taskSigningText(fields), fields.sig, `the data of task job ${jobId ?? '(no id)'}`);
  const task = decodeValue(Buffer.from(data['task'] as string, 'base64'), `the task of job ${jobId ?? '(no id)'}`);
  if (!isRecord(task) || task['node'] !== data['node'] || task['key'] !== data['key'])
    throw bad('the encoded task is not the one its node and key name');
  if (task['resume'] !== undefined && !Array.isArray(task['resume'])) throw bad('the task’s resume must be a list');
  return { data: data as unknown as WeftTaskJobData, task: task as unknown as DispatchedTask };
}

/** A step's shared part as read back from Redis: checked before a task runs on it. */
export function parseStepBase(value: unknown, where: string): StepBase {
  const bad = (why: string) => new QueueError('QUEUE_JOB_DATA_INVALID', `${where} is not a Weft step: ${why}`);
  if (!isRecord(value)) throw bad('not an object');
  for (const field of ['graph', 'hash', 'runId'] as const) if (typeof value[field] !== 'string') throw bad(`${field} must be a string`);
  if (!Number.isSafeInteger(value['step'])) throw bad('step must be an integer');
  if (value['threadId'] !== undefined && typeof value['threadId'] !== 'string') throw bad('threadId must be a string');
  if (value['checkpointId'] !== undefined && typeof value['checkpointId'] !== 'string') throw bad('checkpointId must be a string');
  if (!isRecord(value['context'])) throw bad('context must be an object');
  return value as unknown as StepBase;
}
