import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { END, START, graph, LeaseKeeper, type CheckpointStore, type RunResult } from '@weft/graph';
import { Queue } from 'bullmq';
import { WeftQueue, WeftWorker } from '../src/index.ts';
import { FAST_STALLS } from './queue-fixture.ts';
import { redisConnection, uniqueQueue } from './redis-env.ts';

/** Where a scenario keeps its threads: stores opened on one database (each worker its own, as processes have). */
export interface StoreFactory {
  open(): Promise<CheckpointStore>;
  dispose(): Promise<void>;
}

type Log = { log: string[] };

/** A gate a node waits at: open() lets it through. */
function gate() {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { open, passed };
}

/**
 * think → act, each logging to the state and counting its run in `effects`
 * (the side effects the scenarios count); `think` of the input 'A' waits at
 * the gate, so a test can send a second input while the first run is in its
 * first step.
 */
function chatGraph(effects: string[], held: ReturnType<typeof gate>, entered: () => void, store?: CheckpointStore) {
  return graph<string, string, Log>({ name: 'chat', state: () => ({ log: [] }) })
    .addNode('think', async (x: string, ctx) => {
      effects.push(`think:${x}`);
      if (x === 'A') {
        entered();
        await held.passed;
      }
      ctx.update((s) => void s.log.push(`thought:${x}`));
      return x;
    })
    .addNode('act', (x: string, ctx) => {
      effects.push(`act:${x}`);
      ctx.update((s) => void s.log.push(`did:${x}`));
      return x;
    })
    .addEdge(START, 'think')
    .addEdge('think', 'act')
    .addEdge('act', END)
    .compile(store ? { store } : {});
}

/**
 * Two concurrent inputs for one thread through WeftQueue.run, per multitask
 * strategy, on two workers (each with its own store on one database, so a
 * stop request travels through the store as between processes), counting
 * the nodes' runs: nothing runs twice, and enqueued inputs run in the order
 * they were added.
 */
export function multitaskJobScenarios(name: string, stores: () => StoreFactory): void {
  describe(`WeftQueue.run with multitask on ${name}`, () => {
    let factory: StoreFactory;
    let queueName: string;
    const closers: (() => Promise<unknown>)[] = [];
    beforeEach(() => {
      factory = stores();
      queueName = uniqueQueue('multitask');
    });
    afterEach(async () => {
      for (const close of closers.splice(0).reverse()) await close();
      const bull = new Queue(queueName, { connection: redisConnection() });
      await bull.obliterate({ force: true });
      await bull.close();
      await factory.dispose();
    });

    async function setUp() {
      const effects: string[] = [];
      const held = gate();
      const inThink = gate();
      const holders: CheckpointStore[] = [];
      const workers = await Promise.all(
        [1, 2].map(async () => {
          const store = await factory.open();
          holders.push(store);
          const w = new WeftWorker({
            queue: queueName,
            connection: redisConnection(),
            store,
            targets: { chat: chatGraph(effects, held, inThink.open) },
            concurrency: 2,
            leaseTtlMs: 2_000,
            workerOptions: FAST_STALLS,
          });
          closers.push(() => w.close({ force: true }));
          return w;
        }),
      );
      const store = await factory.open();
      const queue = new WeftQueue<{ chat: ReturnType<typeof chatGraph> }>({ queue: queueName, connection: redisConnection(), store });
      closers.push(() => queue.close());
      const reader = chatGraph([], gate(), () => {}, store);
      return { effects, held, inThink: inThink.passed, workers, holders, store, queue, reader };
    }

    /**
     * Until the job asked the thread's run to stop (it keeps that in its data) and the holder learnt it
     * (a holder on another store learns at its next lease renewal, as a process does).
     */
    async function stopAsked(queue: WeftQueue<any>, jobId: string, holders: CheckpointStore[]): Promise<void> {
      await expect
        .poll(async () => ((await queue.bull.getJob(jobId))?.data as { stopped?: true } | undefined)?.stopped, {
          timeout: 30_000,
          interval: 20,
        })
        .toBe(true);
      const learnt = () => holders.some((h) => LeaseKeeper.heldHere(h, 't')?.stopRequested !== undefined);
      await expect.poll(learnt, { timeout: 30_000, interval: 10 }).toBe(true);
    }

    it("'enqueue' (the default): inputs added while the thread runs run after it, in the order they were added, each once", async () => {
      const { effects, held, inThink, queue, reader } = await setUp();
      const a = await queue.run('chat', 'A', { threadId: 't' });
      await inThink;
      const b = await queue.run('chat', 'B', { threadId: 't' });
      const c = await queue.run('chat', 'C', { threadId: 't', multitask: 'enqueue' });
      const d = await queue.run('chat', 'D', { threadId: 't' });
      held.open();
      const results = (await Promise.all([a, b, c, d].map((j) => j.result()))) as RunResult[];
      expect(results.map((r) => [r.status, r.output])).toEqual([
        ['done', 'A'],
        ['done', 'B'],
        ['done', 'C'],
        ['done', 'D'],
      ]);
      expect(effects).toEqual(['think:A', 'act:A', 'think:B', 'act:B', 'think:C', 'act:C', 'think:D', 'act:D']);
      expect((await reader.getState('t')).state.log).toEqual(['A', 'B', 'C', 'D'].flatMap((x) => [`thought:${x}`, `did:${x}`]));
    });

    it("'reject': queue.run refuses with THREAD_BUSY while the thread runs and adds nothing; a job that finds it busy when it starts fails, not retried", async () => {
      const { effects, held, inThink, queue, store } = await setUp();
      const a = await queue.run('chat', 'A', { threadId: 't' });
      await inThink;
      const counts = await queue.bull.getJobCounts();
      const refusal = await queue.run('chat', 'B', { threadId: 't', multitask: 'reject' }).then(
        () => undefined,
        (e: { code?: string; message?: string; details?: Record<string, unknown> }) => e,
      );
      expect(refusal?.code).toBe('THREAD_BUSY');
      expect(refusal?.message).toMatch(
        /^thread "t" is being run by .+ \(job \d+\): wait for its end, or enqueue with multitask 'enqueue', 'interrupt' or 'rollback'$/,
      );
      expect(await queue.bull.getJobCounts()).toEqual(counts);
      held.open();
      expect(((await a.result()) as RunResult).status).toBe('done');
      // Free again: a reject job is taken.
      expect(((await (await queue.run('chat', 'E', { threadId: 't', multitask: 'reject' })).result()) as RunResult).output).toBe('E');
      // The race: the thread is taken after queue.run looked (here, by a lease held outside the queue).
      const outside = await LeaseKeeper.take(store, 't', { holder: 'someone else' });
      const blind = new WeftQueue({ queue: queueName, connection: redisConnection() }); // no store: it cannot see the lease
      closers.push(() => blind.close());
      const late = await blind.run('chat', 'F', { threadId: 't', multitask: 'reject' });
      await expect(late.result()).rejects.toMatchObject({ code: 'THREAD_BUSY' });
      const job = await queue.bull.getJob(late.id);
      expect([await job?.getState(), job?.attemptsMade]).toEqual(['failed', 1]);
      await outside.release();
      expect(effects).toEqual(['think:A', 'act:A', 'think:E', 'act:E']);
    });

    it("'interrupt': the run under way stops at its next step boundary (RUN_STOPPED, its checkpoints kept) and the new input runs from its state", async () => {
      const { effects, held, inThink, queue, reader, holders } = await setUp();
      const a = await queue.run('chat', 'A', { threadId: 't' });
      await inThink;
      const waiting = await queue.run('chat', 'W', { threadId: 't' }); // enqueued: it waits for the interrupting input too
      const b = await queue.run('chat', 'B', { threadId: 't', multitask: 'interrupt' });
      await stopAsked(queue, b.id, holders);
      held.open();
      const [ra, rb, rw] = (await Promise.all([a.result(), b.result(), waiting.result()])) as RunResult[];
      expect([ra!.status, ra!.error?.code, rb!.status, rb!.output, rw!.status]).toEqual(['error', 'RUN_STOPPED', 'done', 'B', 'done']);
      expect(effects).toEqual(['think:A', 'think:B', 'act:B', 'think:W', 'act:W']);
      expect((await reader.getState('t')).state.log).toEqual(['thought:A', 'thought:B', 'did:B', 'thought:W', 'did:W']);
    });

    it("'rollback': the new input runs from the checkpoint the stopped run started from; the stopped run's checkpoints stay as a branch", async () => {
      const { effects, held, inThink, queue, reader, holders } = await setUp();
      expect(((await (await queue.run('chat', 'Z', { threadId: 't' })).result()) as RunResult).status).toBe('done');
      const a = await queue.run('chat', 'A', { threadId: 't' });
      await inThink;
      const b = await queue.run('chat', 'B', { threadId: 't', multitask: 'rollback' });
      await stopAsked(queue, b.id, holders);
      held.open();
      const [ra, rb] = (await Promise.all([a.result(), b.result()])) as RunResult[];
      expect([ra!.error?.code, rb!.status, rb!.output]).toEqual(['RUN_STOPPED', 'done', 'B']);
      expect(effects).toEqual(['think:Z', 'act:Z', 'think:A', 'think:B', 'act:B']);
      expect((await reader.getState('t')).state.log).toEqual(['thought:Z', 'did:Z', 'thought:B', 'did:B']);
      const history = [];
      for await (const c of reader.history('t')) history.unshift(c);
      expect(history.map((c) => [c.source, c.status, c.state.log.join(' ')])).toEqual([
        ['input', 'running', ''],
        ['step', 'running', 'thought:Z'],
        ['step', 'done', 'thought:Z did:Z'],
        ['input', 'running', 'thought:Z did:Z'],
        ['step', 'running', 'thought:Z did:Z thought:A'],
        ['step', 'error', 'thought:Z did:Z thought:A'],
        ['input', 'running', 'thought:Z did:Z'],
        ['step', 'running', 'thought:Z did:Z thought:B'],
        ['step', 'done', 'thought:Z did:Z thought:B did:B'],
      ]);
      expect(history[6]!.parentId).toBe(history[2]!.id);
    });
  });
}
