import type { CheckpointEntry, StoredGraph } from '@weft/checkpoint';
import pg from 'pg';
import { afterAll, afterEach, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { askToReview, type Refund, UNMIGRATABLE_AMOUNT, v1, v2 } from '../../store-sqlite/test-support/refund-flows.ts';
import { PostgresStore } from './postgres-store.ts';

const describePg = pgDescribe();

/** Entries as plain data, bytes included, to compare a thread before and after. */
const plain = (es: CheckpointEntry[]) => es.map((e) => ({ ...e, bytes: Buffer.from(e.bytes).toString('base64') }));

/**
 * A store (a pool of its own) that stops where a migrated checkpoint is
 * written — at the graph's description, stored first — until `release()`:
 * so a second migrator tries while the first holds the lease.
 */
class HoldingStore extends PostgresStore {
  readonly holding: Promise<void>;
  #holding!: () => void;
  #release!: () => void;
  #released = new Promise<void>((resolve) => (this.#release = resolve));
  constructor(options: ConstructorParameters<typeof PostgresStore>[0]) {
    super(options);
    this.holding = new Promise((resolve) => (this.#holding = resolve));
  }
  release(): void {
    this.#release();
  }
  override async putGraph(graph: StoredGraph): Promise<void> {
    this.#holding();
    await this.#released;
    return super.putGraph(graph);
  }
}

describePg('a thread v1 paused, in PostgreSQL, after v2 is deployed', () => {
  const schemas: string[] = [];
  const stores: PostgresStore[] = [];
  /** A store on a schema of its own (closed after the test). */
  const openStore = (schema = freshSchema(), Store = PostgresStore): PostgresStore => {
    if (!schemas.includes(schema)) schemas.push(schema);
    const store = new Store({ connectionString: PG_URL, schema });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });
  afterAll(async () => {
    const admin = new pg.Pool({ connectionString: PG_URL });
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  /** Thread `t1` that v1 left paused at ask, for a refund of 500. */
  async function pausedThread(store = openStore()) {
    const payments: Refund[] = [];
    const old = v1({ store }, payments);
    expect(await old.run({ amount: 500 }, { threadId: 't1' })).toMatchObject({ status: 'interrupted', interrupts: [{ id: 'ask#0' }] });
    const oldHead = (await store.get('t1'))!;
    return { store, old, oldHead, payments };
  }

  it('is migrated lazily on resume (onGraphMismatch: migrate): the old head, a migrate checkpoint on it, then the run; paid once', async () => {
    const { store, old, oldHead, payments } = await pausedThread();
    const before = plain(await store.list('t1'));
    const next = v2({ store, migrations: [askToReview], onGraphMismatch: 'migrate' }, payments);
    const done = await next.resume({ threadId: 't1', resume: { 'ask#0': { approved: true } } });
    expect(done).toMatchObject({ status: 'done', output: 'paid 500' });
    expect(payments).toEqual([{ amount: 500, approved: true }]);

    const after = await store.list('t1');
    const added = after.slice(0, after.length - before.length).reverse();
    expect(plain(after.slice(added.length))).toEqual(before);
    expect(added.map((e) => e.parentId)).toEqual([oldHead.id, ...added.slice(0, -1).map((e) => e.id)]);
    const sources = await Promise.all(added.map(async (e) => (await next.getState('t1', e.id)).source));
    expect(sources[0]).toBe('migrate');
    expect(sources.slice(1).every((s) => s !== 'migrate')).toBe(true);
    expect(added.at(-1)!.status).toBe('done');
    expect(await next.getState('t1', added[0]!.id)).toMatchObject({
      status: 'interrupted',
      frontier: [{ node: 'review' }],
      interrupts: [{ id: 'review#0', address: 'review' }],
    });

    const described = await Promise.all([old, next].map((g) => store.getGraph('refunds', g.hash)));
    expect(described.map((g) => g && { version: g.version, name: (JSON.parse(g.json) as { name: string }).name })).toEqual([
      { version: 'v1', name: 'refunds' },
      { version: 'v2', name: 'refunds' },
    ]);
    expect((await store.graphs('refunds')).map((g) => g.version)).toEqual(['v1', 'v2']);
  });

  it('is undone by time travel: v1 forks the old head after the migration', async () => {
    const { store, old, oldHead, payments } = await pausedThread();
    const next = v2({ store, migrations: [askToReview] }, payments);
    expect(await next.migrateThread('t1')).toMatchObject({ outcome: 'migrated', check: { status: 'needs-migration' } });
    expect((await store.get('t1'))!.parentId).toBe(oldHead.id);
    const undone = await old.resume({ threadId: 't1', checkpointId: oldHead.id, fork: true, resume: { 'ask#0': { approved: true } } });
    expect(undone).toMatchObject({ status: 'done', output: 'paid 500' });
    expect(payments).toEqual([{ amount: 500, approved: true }]);
    const forked = (await store.list('t1')).filter((e) => e.parentId === oldHead.id);
    expect(forked).toHaveLength(2); // the migrate checkpoint and the fork's first, both on the old head
    expect(await old.getState('t1')).toMatchObject({ status: 'done', output: 'paid 500' });
  });

  it('is migrated in a batch of 20 threads: an outcome per thread, the failed one untouched, the rest still migrated', async () => {
    const store = openStore();
    const old = v1({ store });
    const rc = v2({ store }, [], 'v2-rc'); // v2's structure under another label: no migration starts there
    const threads = Array.from({ length: 20 }, (_, i) => `refund-${String(i).padStart(2, '0')}`);
    const failing = threads[7]!;
    for (const [i, t] of threads.entries()) {
      const writer = i % 4 === 0 ? rc : old;
      await writer.run({ amount: t === failing ? UNMIGRATABLE_AMOUNT : 100 + i }, { threadId: t });
    }
    const before = plain(await store.list(failing));
    const next = v2({ store, migrations: [askToReview] });
    const outcomes: Record<string, string> = {};
    for (const t of threads) {
      try {
        outcomes[t] = (await next.migrateThread(t)).outcome;
      } catch (err) {
        const { code, message } = err as { code: string; message: string };
        outcomes[t] = `${code}: ${message}`;
      }
    }
    const expected = Object.fromEntries(threads.map((t, i) => [t, i % 4 === 0 ? 'unchanged' : 'migrated']));
    expected[failing] =
      `MIGRATION_FAILED: migration "ask becomes review" failed in its frontier function: refund of ${UNMIGRATABLE_AMOUNT} has no review queue`;
    expect(outcomes).toEqual(expected);
    expect(plain(await store.list(failing))).toEqual(before);
    expect(await store.threadLease(failing)).toBeUndefined();
    const checks = await Promise.all(threads.map(async (t) => (await next.checkThread(t)).status));
    expect(checks).toEqual(threads.map((t, i) => (t === failing ? 'needs-migration' : i % 4 === 0 ? 'compatible' : 'current')));
  });

  it('is migrated by one of two stores (two pools) at once: one migrate checkpoint, the other refused with THREAD_BUSY', async () => {
    const schema = freshSchema();
    const { oldHead } = await pausedThread(openStore(schema));
    const first = openStore(schema, HoldingStore) as HoldingStore;
    const second = openStore(schema);
    const migrating = v2({ store: first, migrations: [askToReview] }).migrateThread('t1', { holder: 'first' });
    try {
      await first.holding; // the first has the lease and is writing its migrated checkpoint
      await expect(v2({ store: second, migrations: [askToReview] }).migrateThread('t1', { holder: 'second' })).rejects.toMatchObject({
        code: 'THREAD_BUSY',
      });
    } finally {
      first.release();
    }
    expect(await migrating).toMatchObject({ outcome: 'migrated' });
    const entries = await second.list('t1');
    const migrated = entries.filter((e) => e.parentId === oldHead.id);
    expect(migrated).toHaveLength(1);
    expect(entries[0]!.id).toBe(migrated[0]!.id);
    expect((await v2({ store: second }).getState('t1')).source).toBe('migrate');
    expect(await second.threadLease('t1')).toBeUndefined();
  });
});
