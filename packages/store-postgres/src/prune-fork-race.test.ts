import { END, graph, interrupt, START, type CheckpointStore } from '@weft/graph';
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

describePg(`prune and a fork started together on one thread, from two stores (${TRIALS} trials)`, () => {
  const schema = freshSchema();
  let pruner: PostgresStore;
  let forker: PostgresStore;
  const tally = new Map<string, number>();

  beforeAll(async () => {
    // Two stores, each with its own pool: as two processes would be.
    pruner = new PostgresStore({ connectionString: PG_URL, schema });
    forker = new PostgresStore({ connectionString: PG_URL, schema });
    await pruner.migrate();
  });
  afterAll(async () => {
    await Promise.all([pruner.close(), forker.close()]);
    const admin = new pg.Pool({ connectionString: PG_URL });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

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
      const [byPruner, byForker] = [forkGraph(pruner), forkGraph(forker)];
      const threadId = `prune-fork-${trial}-${Date.now()}`;
      expect((await byPruner.run('x', { threadId })).status).toBe('interrupted');
      const base = (await pruner.list(threadId)).find((e) => e.seq === 2)!;

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
      if (fork === 'CHECKPOINT_NOT_FOUND') expect([prune, await forker.get(threadId, base.id)]).toEqual(['ran', undefined]);
      if (pruned) expect(pruned.unreadable).toEqual([]);
      if (forked) expect(forked.status).toBe('interrupted');

      // Every checkpoint left loads: history rebuilds each one's state from its snapshot and deltas.
      const seqs: number[] = [];
      for await (const view of byForker.history(threadId)) seqs.push(view.seq);
      expect(seqs).toEqual((await forker.list(threadId)).map((e) => e.seq));
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
