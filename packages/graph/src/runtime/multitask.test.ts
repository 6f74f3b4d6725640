import { describe, expect, it } from 'vitest';
import { END, LeaseKeeper, MemoryStore, START, graph } from '../index.ts';
import { multitaskScenarios } from '../../test/support/multitask-scenarios.ts';

multitaskScenarios('MemoryStore (both runs in this process)', () => {
  const store = new MemoryStore();
  return { holder: store, newcomer: store };
});

/** One node that counts its runs; `next` decides whether it loops. */
function loopGraph(store: MemoryStore, runs: string[], next: (n: number) => boolean) {
  return graph<number, number>({ name: 'loop' })
    .addNode('tick', (n: number) => {
      runs.push(`tick:${n}`);
      return n + 1;
    })
    .addEdge(START, 'tick')
    .addBranch('tick', (n) => (next(n) ? 'tick' : END), ['tick', END])
    .compile({ store });
}

describe('stop requests and RUN_STOPPED', () => {
  it('a run asked to stop ends at its next step boundary with RUN_STOPPED; resume() continues it where it stopped', async () => {
    const store = new MemoryStore();
    const runs: string[] = [];
    const g = loopGraph(store, runs, (n) => {
      // After the second tick, ask this run to stop: it finishes the step it is in, and stops before the third.
      if (n === 2) void LeaseKeeper.requestStop(store, 't', { by: 'ops', reason: 'maintenance' });
      return n < 5;
    });
    const stopped = await g.run(0, { threadId: 't' });
    expect(stopped).toMatchObject({
      status: 'error',
      steps: 2,
      error: { code: 'RUN_STOPPED', details: { by: 'ops', reason: 'maintenance' } },
    });
    expect(stopped.error?.message).toBe(
      'the run was stopped before step 3: ops asked (maintenance); its checkpoints stay, and resume() continues it',
    );
    expect(runs).toEqual(['tick:0', 'tick:1']);
    expect(await store.threadLease('t')).toBeUndefined();
    const resumed = await g.resume({ threadId: 't' });
    expect([resumed.status, resumed.output]).toEqual(['done', 5]);
    expect(runs).toEqual(['tick:0', 'tick:1', 'tick:2', 'tick:3', 'tick:4']);
  });

  it("with checkpoints: 'on-exit' the stopped run writes the steps it held back in its last checkpoint", async () => {
    const store = new MemoryStore();
    const runs: string[] = [];
    const g = loopGraph(store, runs, (n) => {
      if (n === 3) void LeaseKeeper.requestStop(store, 't', { by: 'ops', reason: 'r' });
      return n < 5;
    });
    expect((await g.run(0, { threadId: 't', checkpoints: 'on-exit' })).error?.code).toBe('RUN_STOPPED');
    const head = await g.getState('t');
    expect([head.status, head.step, head.frontier.map((f) => [f.node, f.input])]).toEqual(['error', 3, [['tick', 3]]]);
    expect((await store.list('t')).map((e) => e.status)).toEqual(['error', 'running']);
  });

  it("a run waiting with 'enqueue' whose signal aborts ends with RUN_ABORTED; nothing of it ran, and the holder goes on", async () => {
    const store = new MemoryStore();
    const runs: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const g = graph<string, string>({ name: 'wait' })
      .addNode('work', async (text: string) => {
        runs.push(text);
        if (text === 'first') await held;
        return text;
      })
      .addEdge(START, 'work')
      .addEdge('work', END)
      .compile({ store });
    const first = g.run('first', { threadId: 't' });
    await expect.poll(() => runs.length).toBe(1);
    const controller = new AbortController();
    const waiting = g.run('second', { threadId: 't', multitask: 'enqueue', signal: controller.signal });
    controller.abort();
    const err = await waiting.catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'RUN_ABORTED',
      message: 'the run was cancelled (its signal) while it waited for thread "t"; nothing of it ran',
    });
    release();
    expect((await first).status).toBe('done');
    expect(runs).toEqual(['first']);
  });

  it('bad multitask options are refused with INVALID_ARGUMENT before anything runs', () => {
    const store = new MemoryStore();
    const g = loopGraph(store, [], () => false);
    const refusal = (o: object) => {
      try {
        void g.run(0, { threadId: 't', ...o });
        return 'accepted';
      } catch (e) {
        return `${(e as { code?: string }).code}: ${(e as Error).message}`;
      }
    };
    expect(refusal({ multitask: 'queue' })).toBe(
      `INVALID_ARGUMENT: run() of graph "loop": multitask must be one of 'reject', 'enqueue', 'interrupt', 'rollback', got "queue"`,
    );
    expect(refusal({ multitask: 'enqueue', multitaskWaitMs: 0 })).toBe(
      'INVALID_ARGUMENT: run() of graph "loop": multitaskWaitMs must be a positive integer (milliseconds), got 0',
    );
    expect(refusal({ multitask: 'interrupt', takeOver: true })).toBe(
      `INVALID_ARGUMENT: run() of graph "loop": multitask 'interrupt' with takeOver: takeOver already takes a held thread; pass one or the other`,
    );
  });

  it("a caller's lease with 'rollback' (the caller stopped the thread's run to take it) starts where the stopped run started", async () => {
    const store = new MemoryStore();
    const runs: string[] = [];
    const g = loopGraph(store, runs, (n) => {
      if (n === 12) void LeaseKeeper.requestStop(store, 't', { by: 'next input', reason: 'r' });
      return n % 10 < 5;
    });
    expect((await g.run(0, { threadId: 't' })).output).toBe(5);
    expect((await g.run(10, { threadId: 't' })).error?.code).toBe('RUN_STOPPED');
    const lease = await LeaseKeeper.take(store, 't', { holder: 'worker' });
    const rolled = await g.run(20, { threadId: 't', lease, multitask: 'rollback' });
    expect([rolled.status, rolled.output]).toEqual(['done', 25]);
    expect(runs.join(' ')).toBe('tick:0 tick:1 tick:2 tick:3 tick:4 tick:10 tick:11 tick:20 tick:21 tick:22 tick:23 tick:24');
    const history: { source: string; status: string; id: string; parentId: string | null }[] = [];
    for await (const c of g.history('t')) history.unshift(c);
    expect(history.map((c) => `${c.source}:${c.status}`).join(' ')).toMatch(
      /^input:running( step:running)* step:done input:running( step:running)* step:error input:running( step:running)* step:done$/,
    );
    // The rolled-back run's input checkpoint follows the first run's last one: the stopped run stays as a branch beside it.
    const inputs = history.flatMap((c, i) => (c.source === 'input' ? [i] : []));
    expect(history[inputs[2]!]!.parentId).toBe(history[inputs[1]! - 1]!.id);
    expect(history[inputs[1]!]!.parentId).toBe(history[inputs[1]! - 1]!.id);
    expect(await store.threadLease('t')).toBeUndefined();
    const refused = (() => {
      try {
        void g.run(0, { threadId: 't', lease, multitask: 'interrupt' });
        return 'accepted';
      } catch (e) {
        return (e as { code?: string }).code;
      }
    })();
    expect(refused).toBe('INVALID_ARGUMENT');
  });
});
