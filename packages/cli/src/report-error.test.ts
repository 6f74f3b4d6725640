/**
 * The hints for the queue's failures: those that reach the command as errors
 * of their own (a job's end), and a run that ended refused by a signature.
 */
import { MemoryStore } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import type { OpenedStore } from './open-store.ts';
import { reportError } from './report-error.ts';
import { reportOutcome } from './report-outcome.ts';
import type { ResumeTarget } from './resume-command.ts';

function report(code: string, message: string): { exitCode: number; stderr: string } {
  let stderr = '';
  const io = { stdout: () => {}, stderr: (t: string) => void (stderr += t), cwd: '/', env: {} };
  const exitCode = reportError(Object.assign(new Error(message), { code }), io);
  return { exitCode, stderr };
}

describe('reportError: the queue’s codes', () => {
  it('QUEUE_JOB_FAILED: a job BullMQ failed without its run’s result (a worker’s death never does), and how to go on', () => {
    expect(report('QUEUE_JOB_FAILED', 'job "7" failed in BullMQ: connect ECONNREFUSED 10.0.0.6:5432')).toEqual({
      exitCode: 1,
      stderr:
        'weft: job "7" failed in BullMQ: connect ECONNREFUSED 10.0.0.6:5432\n' +
        "hint: the job failed without a result of its run (the message gives BullMQ's reason: its last attempt could not reach Redis or the store, or another process failed it; a worker's death never ends a job): " +
        'see how far the thread got with weft history -- <thread>, then continue it: weft resume --queue … -- <thread>\n',
    });
  });

  it('QUEUE_SIGNATURE_INVALID: the workers must share WEFT_SIGNING_KEY; nothing refused was applied', () => {
    expect(
      report('QUEUE_SIGNATURE_INVALID', 'the data of task job t-1 is signed with another key, or was changed after it was signed: refused'),
    ).toEqual({
      exitCode: 1,
      stderr:
        'weft: the data of task job t-1 is signed with another key, or was changed after it was signed: refused\n' +
        "hint: start every worker of the queue with the same WEFT_SIGNING_KEY: a worker with another key, or none, made what was refused, or something else wrote it into the queue's Redis (it was not applied); " +
        'then continue the thread: weft resume --queue … -- <thread>\n',
    });
  });
});

describe('reportOutcome: a queued run refused for its signatures', () => {
  const opened: OpenedStore = {
    store: new MemoryStore(),
    spec: 'postgres:postgres://db/weft',
    explicit: true,
    label: 'postgres',
    ephemeral: false,
    missing: false,
    close: async () => {},
  };
  const target: ResumeTarget = { launcher: ['weft'], opened, via: [['--queue', 'redis://10.0.0.5:6379']] };
  const failed = (code: string, message: string) => {
    const outcome = { status: 'error' as const, threadId: 't1', checkpointId: 'c1', interrupts: [], output: undefined, failure: undefined };
    const io = { stdout: () => {}, stderr: () => {}, cwd: '/', env: {} };
    try {
      reportOutcome({ ...outcome, error: { name: 'QueueError', code, message } }, target, io, { json: false, kind: 'graph' });
    } catch (err) {
      return err as { code: string; message: string; hint: string };
    }
    throw new Error('the failed run was not reported as a failure');
  };
  const hint =
    "start every worker of the queue with the same WEFT_SIGNING_KEY: a worker with another key, or none, made what was refused, or something else wrote it into the queue's Redis (it was not applied); " +
    'then continue from the last checkpoint: weft resume --queue redis://10.0.0.5:6379 --store postgres:postgres://db/weft -- t1';

  it('a task result the run refused (QUEUE_SIGNATURE_INVALID), or task data a task worker refused (QUEUE_TASK_FAILED with that reason)', () => {
    expect(failed('QUEUE_SIGNATURE_INVALID', 'the result of task job j.1 is not signed: refused')).toMatchObject({
      code: 'RUN_FAILED',
      message: 'the run failed: QUEUE_SIGNATURE_INVALID: the result of task job j.1 is not signed: refused',
      hint,
    });
    const refusedData = 'task work[a] failed on its worker: QUEUE_SIGNATURE_INVALID: the data of task job j.2 is not signed: refused';
    expect(failed('QUEUE_TASK_FAILED', refusedData)).toMatchObject({ hint });
    // A task that failed for another reason keeps the general hint.
    expect(failed('QUEUE_TASK_FAILED', 'task work[a] failed on its worker: QUEUE_TARGET_UNKNOWN: no target "graph"').hint).toBe(
      'fix the cause, then continue from the last checkpoint: weft resume --queue redis://10.0.0.5:6379 --store postgres:postgres://db/weft -- t1',
    );
  });
});
