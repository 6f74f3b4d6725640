import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunResult } from '@weft/graph';
import { ends, readJournal, starts, stepsGraph } from '../test-support/journal-graph.ts';
import { FAST_STALLS, queueFixture } from '../test-support/queue-fixture.ts';
import { until } from '../test-support/until.ts';
import { Worker } from 'bullmq';
import { redisConnection } from '../test-support/redis-env.ts';
import { STALLED_REASON } from './continue-stalled-job.ts';
import { liveAhead, joinLine, placeInLine, threadLine } from './thread-line.ts';

describe("a thread's line of jobs", () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('line')));
  afterEach(() => fx.dispose());

  it('a job before this one that is gone (never added, or failed for good) does not hold it: it runs, and the line empties', async () => {
    fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) } });
    const queue = fx.queue();
    const client = await queue.bull.client;
    const line = threadLine(queue.prefix, queue.name, 't');
    // A queue.run that stopped between numbering its job and adding it: a place with no job.
    await joinLine(client, line, 'never-added', await placeInLine(client, queue.prefix, queue.name, 'enqueue'));
    // A job whose target no worker has: it fails at once, for good.
    const failed = await queue.run('nobody', 'x', { threadId: 't' });
    await expect(failed.result()).rejects.toMatchObject({ code: 'QUEUE_TARGET_UNKNOWN' });
    // Its failure is on its stream a moment before BullMQ moves it to the failed jobs.
    await expect.poll(() => queue.bull.getJobState(failed.id), { timeout: 15_000 }).toBe('failed');
    expect(await liveAhead(client, line)).toEqual([]); // both gone: taken out on the way
    await joinLine(client, line, 'never-added', await placeInLine(client, queue.prefix, queue.name, 'enqueue'));
    const job = await queue.run('steps', 'y', { threadId: 't' });
    expect(((await job.result()) as RunResult).output).toBe('y>one>two>three');
    expect(await liveAhead(client, line)).toEqual([]);
    expect(await client.zcard(line.key)).toBe(0);
  });

  it('a job BullMQ failed for stalling keeps its place (Weft continues it); one failed for another reason does not', async () => {
    const queue = fx.queue();
    const client = await queue.bull.client;
    const line = threadLine(queue.prefix, queue.name, 's');
    const stalled = await queue.run('steps', 'x', { threadId: 's', jobOptions: { attempts: 1 } });
    const broken = await queue.run('steps', 'y', { threadId: 's', jobOptions: { attempts: 1 } });
    // Failed by hand, as BullMQ's stalled-job check and a processor's last error would.
    const manual = new Worker(queue.name, null, { connection: redisConnection() });
    try {
      for (const reason of [STALLED_REASON, 'a node failed']) {
        const job = (await manual.getNextJob('token'))!;
        await job.moveToFailed(new Error(reason), 'token', false);
      }
    } finally {
      await manual.close();
    }
    expect([await queue.bull.getJobState(stalled.id), await queue.bull.getJobState(broken.id)]).toEqual(['failed', 'failed']);
    expect(await liveAhead(client, line)).toEqual([stalled.id]);
  });

  it('a worker killed in the middle of a job: the job is continued, and the job after it in the line runs after it, each step once', async () => {
    const { child, exited, ready } = fx.workerProcess('crash-worker.ts', 1500);
    try {
      await ready;
      const queue = fx.queue();
      const first = await queue.run('steps', 'a', { threadId: 'crashed' });
      await until(() => starts(readJournal(fx.journal), 'two').length > 0, 'the worker process to reach node two');
      const second = await queue.run('steps', 'b', { threadId: 'crashed' });
      child.kill('SIGKILL');
      await exited;
      // Two workers here, taking both jobs at once: the second still waits for the first.
      for (let i = 0; i < 2; i++)
        fx.worker({ store: fx.store(), targets: { steps: stepsGraph(fx.journal) }, concurrency: 2, workerOptions: FAST_STALLS });
      const [a, b] = (await Promise.all([first.result(), second.result()])) as RunResult[];
      expect([a!.output, b!.output]).toEqual(['a>one>two>three', 'b>one>two>three']);
      const lines = readJournal(fx.journal);
      expect(lines.filter((l) => l.ev === 'end').map((l) => l.node)).toEqual(['one', 'two', 'three', 'one', 'two', 'three']);
      expect([starts(lines, 'one').length, ends(lines, 'one').length, starts(lines, 'two').length]).toEqual([2, 2, 3]);
      // b's first step started after a's last one ended.
      const aThree = ends(lines, 'three')[0]!;
      expect(starts(lines, 'one')[1]!.at).toBeGreaterThanOrEqual(aThree.at);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
