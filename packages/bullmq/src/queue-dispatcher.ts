import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeValue, encodeValue, type DispatchBatch, type TaskDispatcher, type TaskResult } from '@weft/graph';
import { Job, type JobsOptions, type Queue, type RedisClient } from 'bullmq';
import { continueStalledJob, failedForStalling } from './continue-stalled-job.ts';
import { QueueError } from './errors.ts';
import { parseTaskResult } from './task-result.ts';
import { keepStep, taskStates } from './task-scripts.ts';
import { taskSigningText, type WeftTaskJobData } from './task-job-data.ts';
import { splitSignature, withSignature, type TaskSigner } from './task-signer.ts';

/** What a run's dispatcher needs: the run's job, the queue its tasks go to, and how long their data is kept. */
export interface DispatchSettings {
  /** The run's job: every task job of its steps is a BullMQ flow child of it. */
  parent: Job;
  target: string;
  tasks: Queue<WeftTaskJobData, string>;
  client: RedisClient;
  ttlSeconds: number;
  /** BullMQ options of each task job (attempts, backoff); Weft sets its id, parent and removal. */
  jobOptions: TaskJobOptions;
  /** With the workers' signingKey: signs the step and each task, and refuses a result it did not sign. */
  signer: TaskSigner | undefined;
}

/** The BullMQ options a worker gives each task job (attempts and backoff; default 3 attempts, exponential from 500 ms). */
export type TaskJobOptions = Omit<JobsOptions, 'jobId' | 'parent' | 'removeOnComplete' | 'removeOnFail' | 'repeat'>;

/** The first wait before reading the tasks' state, and the longest; each wait is 1.5 times the one before. */
const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 200;

/**
 * Sends a step's distributed tasks to the task queue as flow children of the
 * run's job, and waits for each one's result. The ids are derived from the
 * run's job, the step, the state it starts from and each task (node, key,
 * input): the same step dispatched again (the job redelivered after its
 * worker died, and continued from its last checkpoint) finds its finished
 * tasks already there and waits only for the others, so a finished task
 * never runs again. The step's shared part (state, context) is written once,
 * not into every task.
 */
export class QueueDispatcher implements TaskDispatcher {
  constructor(private readonly s: DispatchSettings) {}

  async dispatch(batch: DispatchBatch, signal: AbortSignal): Promise<TaskResult[]> {
    const { tasks, ...base } = batch;
    const { parent, client, ttlSeconds } = this.s;
    // What the step is, not which attempt dispatched it: a continuation after a crash (a new run id, an error
    // checkpoint to start from) finds the same key for the same step of the same job on the same state.
    const stepKey = digest(`${parent.id}\n${batch.threadId ?? ''}\n${batch.step}\n${digest(encodeValue([base.state, base.context]))}`);
    const signer = this.s.signer;
    const step = base64(encodeValue(base));
    await keepStep(
      client,
      this.s.tasks.toKey(`weft-step:${stepKey}`),
      withSignature(step, signer?.sign('step', stepKey, step)),
      ttlSeconds,
    );
    const jobs = tasks.map((task) => {
      const encoded = base64(encodeValue(task));
      const data: WeftTaskJobData = { kind: 'task', target: this.s.target, stepKey, node: task.node, key: task.key, task: encoded };
      if (signer) data.sig = signer.sign('task', stepKey, taskSigningText(data));
      return {
        name: task.node,
        data,
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 500 },
          ...this.s.jobOptions,
          // The task's input is part of its identity: a step that reaches a task with another input runs it anew.
          jobId: `${stepKey}.${digest(encoded).slice(0, 24)}`,
          parent: { id: parent.id!, queue: parent.queueQualifiedName },
          ignoreDependencyOnFailure: true,
          removeOnComplete: { age: ttlSeconds },
          removeOnFail: { age: ttlSeconds },
        },
      };
    });
    await this.#clearFailed(jobs.map((j) => j.opts.jobId));
    await this.s.tasks.addBulk(jobs);
    return this.#results(jobs, signal);
  }

  /** A task that failed for good in an earlier attempt of the step is run again: its old job is removed before adding. */
  async #clearFailed(ids: string[]): Promise<void> {
    const states = await taskStates(
      this.s.client,
      ids.map((id) => this.s.tasks.toKey(id)),
    );
    for (const [i, st] of states.entries()) if (st.state === 'failed') await this.s.tasks.remove(ids[i]!);
  }

  /** Reads the tasks' jobs until every one finished; a job that is gone (removed, Redis lost it) is added again. */
  async #results(jobs: TaskJob[], signal: AbortSignal): Promise<TaskResult[]> {
    const results: TaskResult[] = new Array(jobs.length);
    let open = jobs.map((_, i) => i);
    let wait = FIRST_POLL_MS;
    while (open.length) {
      await sleep(wait, undefined, { signal });
      wait = Math.min(MAX_POLL_MS, Math.ceil(wait * 1.5));
      const states = await taskStates(
        this.s.client,
        open.map((i) => this.s.tasks.toKey(jobs[i]!.opts.jobId)),
      );
      const still: number[] = [];
      const gone: number[] = [];
      const stalled: number[] = [];
      states.forEach((st, n) => {
        const i = open[n]!;
        const job = jobs[i]!;
        if (st.state === 'gone') gone.push(i);
        else if (st.state === 'running') still.push(i);
        else if (st.state === 'failed' && failedForStalling(st.reason)) stalled.push(i);
        else if (st.state === 'failed')
          throw new QueueError('QUEUE_TASK_FAILED', `task ${job.name}${keyText(job.data.key)} failed on its worker: ${st.reason}`, {
            details: { jobId: job.opts.jobId, node: job.name, key: job.data.key },
          });
        else results[i] = readResult(st.returnvalue, job.opts.jobId, this.s.signer);
      });
      if (gone.length) await this.s.tasks.addBulk(gone.map((i) => jobs[i]!));
      for (const i of stalled) await this.#continueStalled(jobs[i]!.opts.jobId);
      open = [...still, ...gone, ...stalled].sort((a, b) => a - b);
    }
    return results;
  }

  /**
   * A task job BullMQ failed for stalling (its workers died more often than
   * their `maxStalledCount`) is put back, not failed: the task runs again, as
   * after any worker's death. This run is waiting for it, so it sees to it.
   */
  async #continueStalled(jobId: string): Promise<void> {
    const job = await Job.fromId<WeftTaskJobData, string>(this.s.tasks, jobId);
    if (job) await continueStalledJob(job);
  }
}

type TaskJob = { name: string; data: WeftTaskJobData; opts: JobsOptions & { jobId: string } };

/**
 * A task job's result, decoded and checked. With a signer, a result it did
 * not sign for this very task job (forged, unsigned, or another task's) is
 * refused (QUEUE_SIGNATURE_INVALID) before it is decoded; without one, any
 * well-formed result is applied: see "Who must be trusted" in docs/distributed.md.
 */
function readResult(returnvalue: string, jobId: string, signer: TaskSigner | undefined): TaskResult {
  const where = `the result of task job ${jobId}`;
  let text: unknown;
  try {
    text = JSON.parse(returnvalue);
  } catch (cause) {
    throw new QueueError('QUEUE_TASK_FAILED', `${where} is not JSON`, { cause, details: { jobId } });
  }
  if (typeof text !== 'string') throw new QueueError('QUEUE_TASK_FAILED', `${where} is not encoded bytes`, { details: { jobId } });
  const { text: encoded, signature } = splitSignature(text);
  signer?.verify('result', jobId, encoded, signature, where);
  return parseTaskResult(decodeValue(Buffer.from(encoded, 'base64'), where), where);
}

const keyText = (key: string | undefined) => (key === undefined ? '' : `[${key}]`);
const digest = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex').slice(0, 32);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
