import type { CheckpointStore } from '@weft/checkpoint';
import { END, graph, interrupt, START } from '@weft/graph';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { PostgresStore } from './postgres-store.ts';

const TRIALS = 48;
const describePg = pgDescribe();

/**
 * a → b → c → d → ask (interrupt). A full snapshot every third checkpoint, so
 * a run leaves 1 (snapshot) ← 2 ← 3, 4 (snapshot) ← 5 ← 6 (interrupted, the
 * head): pruning to the last one keeps 4..6 and deletes 1..3, which a fork
 * from checkpoint 2 needs.
 */
function forkGraph(store: CheckpointStore) {
  const step = (name: string) => (text: string, ctx: { update(recipe: (s: { log: string[] }) => void): void }) => {
    ctx.update((s) => void s.log.push(`${name}:${text}`));
    return text;
  };
  return graph<string, string, { log: string[] }>({ name: 'prune-fork', state: () => ({ log: [] }) })
    .addNode('a', step('a'))
    .addNode('b', step('b'))
    .addNode('c', step('c'))
    .addNode('d', step('d'))
    .addNode('ask', (text: string, ctx) => {
      const answer = interrupt<string>('ok?');
      ctx.update((s) => void s.log.push(`ask:${answer}`));
      return `${text} ${answer}`;
    })
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', 'd')
    .addEdge('d', 'ask')
    .addEdge('ask', END)
    .compile({ store, snapshotEvery: 3 });
}

/** How a call ended: it ran, or was refused at the lease; a fork may also find its checkpoint already pruned. */
type Outcome = 'ran' | 'THREAD_BUSY' | 'CHECKPOINT_NOT_FOUND';

/** A promise with its resolve: one side waits at a known point until the test lets it go on. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * The store, except that the first call of `method` announces itself
 * (`reached`) and waits for `release` before it goes to the database: the
 * test runs the other operation at exactly that point.
 */
function pausedAt(store: PostgresStore, method: 'put' | 'deleteCheckpoints') {
  const reached = latch();
  const gate = latch();
  let first = true;
  const paused = new Proxy(store, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const call = (...args: unknown[]): unknown => Reflect.apply(value, target, args);
      if (prop !== method) return call;
      return async (...args: unknown[]) => {
        if (first) {
          first = false;
          reached.open();
          await gate.promise;
        }
        return call(...args);
      };
    },
  });
  return { store: paused as CheckpointStore, reached: reached.promise, release: gate.open };
}

/**
 * Two stores on one fresh schema, each with its own pool (as two processes
 * would be), made before the suite's tests and closed after them; the schema
 * is dropped at the end.
 */
function twoStores(): { pruner: () => PostgresStore; forker: () => PostgresStore } {
  const schema = freshSchema();
  let stores: [PostgresStore, PostgresStore] | undefined;
  beforeAll(async () => {
    stores = [new PostgresStore({ connectionString: PG_URL, schema }), new PostgresStore({ connectionString: PG_URL, schema })];
    await stores[0].migrate();
  });
  afterAll(async () => {
    if (stores) await Promise.all(stores.map((s) => s.close()));
    const admin = new pg.Pool({ connectionString: PG_URL });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });
  return { pruner: () => stores![0], forker: () => stores![1] };
}

describePg('prune and a fork interleaved at the dangerous point, from two stores', () => {
  const stores = twoStores();

  const outcome = (p: PromiseLike<unknown>): Promise<string> =>
    Promise.resolve(p).then(
      () => 'ran',
      (err: { code?: string }) => err.code ?? String(err),
    );

  /** A thread interrupted at `ask` (checkpoints 1..6) and the id of checkpoint 2, which a fork from it needs with 1. */
  async function interruptedThread(name: string): Promise<{ threadId: string; base: string }> {
    const threadId = `${name}-${Date.now()}`;
    expect((await forkGraph(stores.pruner()).run('x', { threadId })).status).toBe('interrupted');
    return { threadId, base: (await stores.pruner().list(threadId)).find((e) => e.seq === 2)!.id };
  }

  /** Every checkpoint left loads, and the head resumes to the log of the line that is newest. */
  async function expectIntact(threadId: string, log: string[]): Promise<void> {
    const seqs: number[] = [];
    for await (const view of forkGraph(stores.forker()).history(threadId)) seqs.push(view.seq);
    expect(seqs).toEqual((await stores.forker().list(threadId)).map((e) => e.seq));
    const done = await forkGraph(stores.pruner()).resume({ threadId, resume: { 'ask#0': 'yes' } });
    expect([done.status, done.state]).toEqual(['done', { log }]);
  }

  it('prune has chosen what to delete and not deleted it yet: a fork from a checkpoint it will delete is refused (THREAD_BUSY)', async () => {
    const { threadId, base } = await interruptedThread('prune-first');
    const paused = pausedAt(stores.pruner(), 'deleteCheckpoints');
    const pruning = forkGraph(paused.store).prune(threadId, { keepLast: 1 });
    await paused.reached;
    // Without prune's lease the fork would run here, writing a delta on checkpoint 2, which the prune then deletes.
    const fork = await outcome(forkGraph(stores.forker()).resume({ threadId, checkpointId: base, goto: 'b', input: 'fork' }));
    expect(fork).toBe('THREAD_BUSY');
    paused.release();
    expect(await pruning).toEqual({ kept: 3, deleted: 3, unreadable: [] });
    await expectIntact(threadId, ['a:x', 'b:x', 'c:x', 'd:x', 'ask:yes']);
  });

  it('a fork has loaded its base and not written yet: prune is refused (THREAD_BUSY), and the fork’s line loads afterwards', async () => {
    const { threadId, base } = await interruptedThread('fork-first');
    const paused = pausedAt(stores.forker(), 'put');
    const forking = forkGraph(paused.store).resume({ threadId, checkpointId: base, goto: 'b', input: 'fork' });
    await paused.reached;
    // Without prune's lease, prune would delete checkpoints 1..3 here: the fork's first write then points at a deleted one.
    const prune = await outcome(forkGraph(stores.pruner()).prune(threadId, { keepLast: 1 }));
    expect(prune).toBe('THREAD_BUSY');
    paused.release();
    expect((await forking).status).toBe('interrupted');
    expect(await forkGraph(stores.pruner()).prune(threadId, { keepLast: 1 })).toMatchObject({
      deleted: expect.any(Number),
      unreadable: [],
    });
    await expectIntact(threadId, ['a:x', 'b:fork', 'c:fork', 'd:fork', 'ask:yes']);
  });
});

describePg(`prune and a fork started together on one thread, from two stores (${TRIALS} trials)`, () => {
  const stores = twoStores();
  const tally = new Map<string, number>();

  const settle = (p: Promise<unknown>): Promise<Outcome> =>
    p.then(
      () => 'ran',
      (err: { code?: string }) => {
        if (err.code === 'THREAD_BUSY' || err.code === 'CHECKPOINT_NOT_FOUND') return err.code;
        throw err;
      },
    );

  for (let trial = 1; trial <= TRIALS; trial++) {
    it(`trial ${trial}: each call runs or is refused before writing, every checkpoint left loads, the head resumes`, async () => {
      const [byPruner, byForker] = [forkGraph(stores.pruner()), forkGraph(stores.forker())];
      const threadId = `prune-fork-${trial}-${Date.now()}`;
      expect((await byPruner.run('x', { threadId })).status).toBe('interrupted');
      const base = (await stores.pruner().list(threadId)).find((e) => e.seq === 2)!;

      let pruned: { kept: number; deleted: number; unreadable: string[] } | undefined;
      let forked: { status: string } | undefined;
      const [prune, fork] = await Promise.all([
        settle(byPruner.prune(threadId, { keepLast: 1 }).then((r) => (pruned = r))),
        settle(byForker.resume({ threadId, checkpointId: base.id, goto: 'b', input: 'fork' }).then((r) => (forked = r))),
      ]);
      const key = `prune ${prune}, fork ${fork}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      expect([prune, fork]).not.toEqual(['THREAD_BUSY', 'THREAD_BUSY']);
      // Only a prune that ran first can have taken the fork's checkpoint away; that fork wrote nothing.
      if (fork === 'CHECKPOINT_NOT_FOUND') expect([prune, await stores.forker().get(threadId, base.id)]).toEqual(['ran', undefined]);
      if (pruned) expect(pruned.unreadable).toEqual([]);
      if (forked) expect(forked.status).toBe('interrupted');

      // Every checkpoint left loads: history rebuilds each one's state from its snapshot and deltas.
      const seqs: number[] = [];
      for await (const view of byForker.history(threadId)) seqs.push(view.seq);
      expect(seqs).toEqual((await stores.forker().list(threadId)).map((e) => e.seq));
      // The head resumes, and continues whichever line of the thread is newest.
      const done = await byPruner.resume({ threadId, resume: { 'ask#0': 'yes' } });
      const log = fork === 'ran' ? ['a:x', 'b:fork', 'c:fork', 'd:fork', 'ask:yes'] : ['a:x', 'b:x', 'c:x', 'd:x', 'ask:yes'];
      expect([done.status, done.output, done.state]).toEqual(['done', `${fork === 'ran' ? 'fork' : 'x'} yes`, { log }]);
    }, 30_000);
  }

  it('every trial ended in one of those outcomes', () => {
    console.log(`prune vs fork: ${JSON.stringify(Object.fromEntries(tally))}`);
    expect([...tally.values()].reduce((a, b) => a + b, 0)).toBe(TRIALS);
  });
});
