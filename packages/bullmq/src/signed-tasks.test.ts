import { randomBytes } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { END, encodeValue, graph, MemoryStore, send, START, type RunResult } from '@weft/graph';
import { runTaskJob } from './run-task-job.ts';
import { taskSigningText, type WeftTaskJobData } from './task-job-data.ts';
import { TaskSigner } from './task-signer.ts';
import { workerTarget } from './worker-target.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';
import { redisConnection } from '../test-support/redis-env.ts';

const KEY = randomBytes(32).toString('base64');

describe('TaskSigner', () => {
  const signer = new TaskSigner(KEY);

  it('accepts what it signed, for the part and id it signed it as, and nothing else', () => {
    const sig = signer.sign('result', 'job-1', 'AAEC');
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(() => signer.verify('result', 'job-1', 'AAEC', sig, 'r')).not.toThrow();
    const refusals: [string, () => void, RegExp][] = [
      [
        'changed bytes',
        () => signer.verify('result', 'job-1', 'AAED', sig, 'the result'),
        /the result is signed with another key, or was changed/,
      ],
      ["another task's result", () => signer.verify('result', 'job-2', 'AAEC', sig, 'the result'), /changed after it was signed/],
      ['another part', () => signer.verify('step', 'job-1', 'AAEC', sig, 'the step'), /changed after it was signed/],
      ['another key', () => new TaskSigner(randomBytes(32)).verify('result', 'job-1', 'AAEC', sig, 'the result'), /another key/],
      ['no signature', () => signer.verify('result', 'job-1', 'AAEC', undefined, 'the result'), /the result is not signed/],
      ['not hex', () => signer.verify('result', 'job-1', 'AAEC', 'zz'.repeat(32), 'the result'), /not signed/],
    ];
    for (const [why, check, message] of refusals) {
      let error: unknown;
      try {
        check();
      } catch (err) {
        error = err;
      }
      expect(error, why).toMatchObject({ name: 'QueueError', code: 'QUEUE_SIGNATURE_INVALID', retryable: false });
      expect((error as Error).message, why).toMatch(message);
    }
  });

  it('refuses a key shorter than 32 bytes, or one that is not a string or bytes', () => {
    for (const key of ['short', new Uint8Array(31), 42 as never])
      expect(() => new TaskSigner(key)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/at least 32 bytes/) }),
      );
  });
});

/** plan → `work` per item (distributed, keeps what it saw in the state) → join. */
function mapGraph() {
  return graph<string[], string[], { seen: string[] }>({ name: 'signed-map', state: () => ({ seen: [] }) })
    .addNode('plan', (items: string[]) => items)
    .addNode(
      'work',
      (item: string, ctx) => {
        ctx.update((s) => void s.seen.push(item));
        return [item.toUpperCase()];
      },
      { distribute: true },
    )
    .addNode('join', (results: string[]) => results)
    .addEdge(START, 'plan')
    .addBranch('plan', (items) => items.map((it) => send('work', it, it)), ['work'])
    .addEdge('work', 'join')
    .addEdge('join', END)
    .compile();
}

/** A result of the shape a worker writes, that no worker computed: it would put `forged` in the state and the output. */
const FORGED = Buffer.from(
  encodeValue({ kind: 'done', output: ['FORGED'], patches: [{ op: 'add', path: ['seen', 0], value: 'forged' }], events: [] }),
).toString('base64');

describe('task results read back from Redis', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('signed')));
  afterEach(() => fx.dispose());

  /**
   * Runs the graph on a worker whose own task worker never starts; a process
   * that can write the Redis takes the task jobs instead and answers each
   * with the forged result. Returns the run's result, the thread's states
   * and how many tasks the forger answered.
   */
  async function runWithForger(signingKey: string | undefined) {
    const store = fx.store();
    const worker = fx.worker({ store, targets: { map: mapGraph() }, autorun: false, ...(signingKey ? { signingKey } : {}) });
    const running = worker.bull.run();
    const answered: string[] = [];
    const forger = new Worker(
      `${fx.name}-tasks`,
      async (job) => {
        answered.push(job.id!);
        return FORGED;
      },
      { connection: redisConnection() },
    );
    try {
      const job = await fx.queue<{ map: ReturnType<typeof mapGraph> }>().run('map', ['a', 'b'], { threadId: 't' });
      const result = (await job.result()) as RunResult<string[], { seen: string[] }>;
      const states: unknown[] = [];
      for await (const c of mapGraph().withStore(store).history('t')) states.push(c.state);
      // The run's end is written just before BullMQ marks the job completed: wait for that too.
      await expect.poll(() => job.state()).toMatch(/^(completed|failed)$/);
      return { result, states, answered, job: (await fx.queue().bull.getJob(job.id))! };
    } finally {
      await forger.close();
      await worker.close();
      await running;
    }
  }

  it('without a signingKey, a forged result of the right shape is applied (anyone who can write the Redis is trusted)', async () => {
    const { result, answered } = await runWithForger(undefined);
    expect(answered).toHaveLength(2);
    expect(result).toMatchObject({ status: 'done', output: ['FORGED', 'FORGED'] });
    expect(result.state.seen).toEqual(['forged', 'forged']);
  });

  it('with a signingKey, a forged result is refused (QUEUE_SIGNATURE_INVALID), never applied, and the job not retried', async () => {
    const { result, states, answered, job } = await runWithForger(KEY);
    expect(answered).toHaveLength(2); // each task answered once: the refusal is not retried
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ code: 'QUEUE_SIGNATURE_INVALID' });
    expect(result.error?.message).toMatch(/^the result of task job \S+ is not signed: refused/);
    expect(result.output).toBeUndefined();
    // Nothing forged reached the thread: every checkpoint's state is one the graph made.
    expect(JSON.stringify(states)).not.toContain('forged');
    expect(result.state.seen).toEqual([]);
    expect(await job.getState()).toBe('completed');
    expect([job.attemptsStarted, job.attemptsMade]).toEqual([1, 1]); // one attempt, completed with the error
  });

  it('with the same signingKey on every worker, distributed steps run as before', async () => {
    const store = fx.store();
    for (const name of ['A', 'B']) fx.worker({ store, targets: { map: mapGraph() }, signingKey: KEY, workerOptions: { name } });
    const job = await fx.queue<{ map: ReturnType<typeof mapGraph> }>().run('map', ['a', 'b', 'c'], { threadId: 'ok' });
    expect(await job.result()).toMatchObject({ status: 'done', output: ['A', 'B', 'C'], state: { seen: ['a', 'b', 'c'] } });
  });
});

describe('task data read back from Redis, with a signingKey', () => {
  const signer = new TaskSigner(KEY);
  const ran: string[] = [];
  const target = workerTarget(
    'map',
    graph<string, string>({ name: 'one' })
      .addNode('work', (s: string) => (ran.push(s), s))
      .addEdge(START, 'work')
      .addEdge('work', END)
      .compile(),
    new MemoryStore(),
  );
  const b64 = (v: unknown) => Buffer.from(encodeValue(v)).toString('base64');
  const graphOf = target.kind === 'graph' ? target.graph : undefined;
  const step = { graph: 'one', hash: graphOf!.hash, runId: 'r', step: 1, threadId: 't', checkpointId: undefined, state: 'x', context: {} };

  /** Runs one task job, as a worker's task slot does, on data and a step part an attacker may have written. */
  async function runTask(data: Omit<WeftTaskJobData, 'sig'> & { sig?: string }, stepText: string) {
    const queue = new Queue('signed-data-tasks', { connection: redisConnection() });
    try {
      const client = await queue.client;
      await client.set(queue.toKey(`weft-step:${data.stepKey}`), stepText);
      const job = { id: 'task-1', data } as unknown as Job<WeftTaskJobData, string>;
      const settings = { queue: 'signed-data', targets: new Map([['map', target]]), client: queue.client, toKey: queue.toKey.bind(queue) };
      return await runTaskJob(job, { ...settings, signal: new AbortController().signal, steps: new Map(), signer });
    } finally {
      await (await queue.client).del(queue.toKey(`weft-step:${data.stepKey}`));
      await queue.close();
    }
  }

  it('refuses a task job no worker signed, and a signed task whose step part was replaced; the node never runs', async () => {
    const stepKey = `sk-${randomBytes(4).toString('hex')}`;
    const data = {
      kind: 'task' as const,
      target: 'map',
      stepKey,
      node: 'work',
      key: undefined,
      task: b64({ node: 'work', key: undefined, input: 'x' }),
    };
    const stepText = b64(step);
    const signedStep = `${stepText}.${signer.sign('step', stepKey, stepText)}`;
    const signedData = { ...data, sig: signer.sign('task', stepKey, taskSigningText(data)) };
    // The genuine pair runs, and its result is signed for its job.
    const answer = await runTask(signedData, signedStep);
    const [text, sig] = answer.split('.');
    expect(() => signer.verify('result', 'task-1', text!, sig, 'r')).not.toThrow();
    expect(ran).toEqual(['x']);

    const forged = { ...data, task: b64({ node: 'work', key: undefined, input: 'forged' }) };
    const cases: [string, () => Promise<string>, RegExp][] = [
      ['unsigned data', () => runTask(forged, signedStep), /the data of task job task-1 is not signed/],
      [
        'data signed for other input',
        () => runTask({ ...forged, sig: signedData.sig }, signedStep),
        /task job task-1 is signed with another key, or was changed/,
      ],
      ['replaced step part', () => runTask(signedData, b64({ ...step, state: 'forged' })), /the shared part of step \S+ is not signed/],
    ];
    for (const [why, run, message] of cases) {
      const error = await run().then(
        () => undefined,
        (err: unknown) => err,
      );
      // UnrecoverableError: BullMQ fails the task job at once; the run then reports QUEUE_TASK_FAILED.
      expect(error, why).toMatchObject({ name: 'UnrecoverableError', message: expect.stringMatching(/^QUEUE_SIGNATURE_INVALID: /) });
      expect((error as Error).message, why).toMatch(message);
    }
    expect(ran).toEqual(['x']);
  });
});
