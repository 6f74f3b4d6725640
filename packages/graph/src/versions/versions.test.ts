import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '@weft/checkpoint';
import { migration } from '../spec/migration.ts';
import { askElsewhere, noted, payments, v1, v1WithAudit, v2, withoutAsk } from '../../test/support/refund-flows.ts';

beforeEach(() => {
  payments.length = 0;
});

/** What a run that is refused before it starts rejects with. */
async function rejection(run: PromiseLike<unknown>): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await run;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected the run to be refused');
}

/** A thread of v1 paused at ask, in a store of its own. */
async function pausedThread() {
  const store = new MemoryStore();
  const old = v1({ store });
  const run = await old.run({ amount: 500 }, { threadId: 't1' });
  expect(run.status).toBe('interrupted');
  return { store, old };
}

describe('a thread another version of the graph wrote', () => {
  it('continues as it is when the change does not touch it (a node added after its frontier)', async () => {
    const { store } = await pausedThread();
    const next = v1WithAudit({ store });
    expect(await next.checkThread('t1')).toMatchObject({
      status: 'compatible',
      reasons: [],
      migrations: [],
      from: { version: 'v1' },
      to: { version: 'v1.1' },
    });
    const done = await next.resume({ threadId: 't1', resume: { 'ask#0': { approved: true } } });
    expect(done).toMatchObject({ status: 'done', output: 'paid 500 (audited)' });
    expect(payments).toEqual([{ amount: 500, approved: true }]);
  });

  it('is refused, with the reasons, when its frontier node was renamed and no migration is registered', async () => {
    const { store } = await pausedThread();
    const before = await store.list('t1');
    const next = v2({ store });
    const check = await next.checkThread('t1');
    expect(check.status).toBe('blocked');
    expect(check.reasons).toEqual([
      'the next task runs node "ask", which this version does not have',
      'the pending interrupt at address "ask" belongs to no task of this version (its node was renamed, removed or given another address), so its answer would reach nobody',
    ]);
    const refused = await rejection(next.resume({ threadId: 't1', resume: { 'ask#0': { approved: true } } }));
    expect(refused.code).toBe('CHECKPOINT_GRAPH_MISMATCH');
    expect(refused.message).toContain('- the next task runs node "ask", which this version does not have');
    expect(refused.message).toContain('no registered migration starts at its version');
    expect(await store.list('t1')).toEqual(before);
    expect(payments).toEqual([]);
  });

  it('is blocked when its frontier node was removed, or its interrupt moved to another address', async () => {
    const { store } = await pausedThread();
    expect((await withoutAsk({ store }).checkThread('t1')).reasons[0]).toBe(
      'the next task runs node "ask", which this version does not have',
    );
    expect(await askElsewhere({ store }).checkThread('t1')).toMatchObject({
      status: 'blocked',
      reasons: [
        'the pending interrupt at address "ask" belongs to no task of this version (its node was renamed, removed or given another address), so its answer would reach nobody',
      ],
    });
  });

  it('is migrated on resume with onGraphMismatch: migrate, into a new checkpoint whose parent is the old head; the old id still answers', async () => {
    const { store, old } = await pausedThread();
    const oldHead = (await store.get('t1'))!;
    const rename = migration({ from: 'v1', to: 'v2', nodes: { ask: 'review' }, interrupts: { ask: 'review' } });
    const next = v2({ store, migrations: [rename], onGraphMismatch: 'migrate' });
    expect(await next.checkThread('t1')).toMatchObject({ status: 'needs-migration', migrations: ['v1 -> v2'] });
    const done = await next.resume({ threadId: 't1', resume: { 'ask#0': { approved: true } } });
    expect(done).toMatchObject({ status: 'done', output: 'paid 500' });
    expect(payments).toEqual([{ amount: 500, approved: true }]);
    const history = (await store.list('t1')).reverse();
    const migrated = history.find((e) => e.parentId === oldHead.id);
    const view = await next.getState('t1', migrated!.id);
    expect(view).toMatchObject({
      source: 'migrate',
      status: 'interrupted',
      frontier: [{ node: 'review' }],
      interrupts: [{ id: 'review#0', address: 'review' }],
    });
    // Undo by time travel: the old head is still there, and v1 continues it as a fork.
    const undone = await old.resume({ threadId: 't1', checkpointId: oldHead.id, fork: true, resume: { 'ask#0': { approved: false } } });
    expect(undone).toMatchObject({ status: 'done', output: 'refused' });
  });

  it('is migrated by migrateThread: a dry run writes nothing, the run writes one checkpoint, a second finds nothing to do', async () => {
    const { store } = await pausedThread();
    const rename = migration({ from: 'v1', to: 'v2', nodes: { ask: 'review' }, interrupts: { ask: 'review' } });
    const next = v2({ store, migrations: [rename] });
    const before = await store.list('t1');
    expect(await next.migrateThread('t1', { dryRun: true })).toMatchObject({
      outcome: 'would-migrate',
      check: { status: 'needs-migration' },
    });
    expect(await store.list('t1')).toEqual(before);
    const result = await next.migrateThread('t1');
    expect(result.outcome).toBe('migrated');
    expect((await store.list('t1')).length).toBe(before.length + 1);
    expect(await next.migrateThread('t1')).toMatchObject({ outcome: 'unchanged', check: { status: 'current' } });
    // The default policy (refuse) now resumes it: it is this version's.
    expect(await next.resume({ threadId: 't1', resume: { 'review#0': { approved: true } } })).toMatchObject({
      status: 'done',
      output: 'paid 500',
    });
  });

  it('lets only one of two migrators at once write (THREAD_BUSY for the other)', async () => {
    const { store } = await pausedThread();
    const rename = migration({ from: 'v1', to: 'v2', nodes: { ask: 'review' }, interrupts: { ask: 'review' } });
    const next = v2({ store, migrations: [rename] });
    const before = (await store.list('t1')).length;
    const results = await Promise.allSettled([next.migrateThread('t1'), next.migrateThread('t1')]);
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value.outcome : (r.reason as { code: string }).code)).sort();
    expect(outcomes).toEqual(['THREAD_BUSY', 'migrated']);
    expect((await store.list('t1')).length).toBe(before + 1);
  });

  it('leaves the thread untouched when a migration throws or leaves it unrunnable (MIGRATION_FAILED)', async () => {
    const { store } = await pausedThread();
    const before = await store.list('t1');
    const throws = migration({
      name: 'broken',
      from: 'v1',
      to: 'v2',
      nodes: { ask: 'review' },
      state: () => {
        throw new Error('no notes field');
      },
    });
    await expect(v2({ store, migrations: [throws] }).migrateThread('t1')).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
      message: 'migration "broken" failed in its state recipe: no notes field',
    });
    const halfway = migration({ name: 'nodes only', from: 'v1', to: 'v2', nodes: { ask: 'review' } });
    const failed = await rejection(
      v2({ store, migrations: [halfway], onGraphMismatch: 'migrate' }).resume({ threadId: 't1', resume: { 'ask#0': { approved: true } } }),
    );
    expect(failed.code).toBe('MIGRATION_FAILED');
    expect(failed.message).toContain('after migration "nodes only", thread "t1" still cannot run on graph "refunds"');
    expect(failed.message).toContain('the pending interrupt at address "ask" belongs to no task of this version');
    expect(await store.list('t1')).toEqual(before);
    expect(payments).toEqual([]);
  });

  it('checks the state against the new state schema, and a migration’s recipe brings it there', async () => {
    const store = new MemoryStore();
    await noted('v1', { store }).run({ amount: 70 }, { threadId: 'n1' });
    expect(await noted('v2', { store }).checkThread('n1')).toMatchObject({
      status: 'blocked',
      reasons: [expect.stringMatching(/^the state does not pass this version's state schema: notes\.0: /) as string],
    });
    const objects = migration({
      from: 'v1',
      to: 'v2',
      state: (draft: { notes: unknown[] }) => {
        draft.notes = draft.notes.map((text) => ({ text }));
      },
    });
    const next = noted('v2', { store, migrations: [objects], onGraphMismatch: 'migrate' });
    const done = await next.resume({ threadId: 'n1', resume: { 'ask#0': { approved: true } } });
    expect(done).toMatchObject({ status: 'done', state: { notes: [{ text: 'asked 70' }] } });
  });

  it('leaves every thread of another version where it is with onGraphMismatch: pin', async () => {
    const { store } = await pausedThread();
    const pinned = await rejection(
      v1WithAudit({ store, onGraphMismatch: 'pin' }).resume({ threadId: 't1', resume: { 'ask#0': { approved: true } } }),
    );
    expect(pinned).toMatchObject({ code: 'GRAPH_VERSION_PINNED', details: { threadId: 't1', version: 'v1', status: 'compatible' } });
    expect(pinned.message).toMatch(
      /^thread "t1" was written by version v1 \([0-9a-f]{16}\) of graph "refunds" and stays on it \(onGraphMismatch: 'pin'\): run it where that version is served$/,
    );
    expect(payments).toEqual([]);
  });

  it('refuses migrations that do not chain to the graph, at compile', () => {
    const store = new MemoryStore();
    const a = migration({ from: 'v0', to: 'v1' });
    const gap = migration({ from: 'v0.5', to: 'v1.5' });
    expect(() => v2({ store, migrations: [a, migration({ from: 'v1', to: 'v2' }), gap] })).toThrow(
      expect.objectContaining({
        code: 'MIGRATION_CHAIN',
        message: expect.stringContaining('migration "v0.5 -> v1.5" goes to v1.5, which is neither graph "refunds" (version v2') as string,
      }) as Error,
    );
    expect(() => v2({ store, migrations: [migration({ from: 'v1', to: 'v0' }), migration({ from: 'v0', to: 'v1' })] })).toThrow(/a cycle/);
    expect(() =>
      v2({ store, migrations: [migration({ from: 'v1', to: 'v2' }), migration({ name: 'again', from: 'v1', to: 'v2' })] }),
    ).toThrow('migrations "v1 -> v2" and "again" both start from v1');
  });

  it('runs the layer above’s threadCheck on another version’s thread and on a migration’s result, before anything is written', async () => {
    const { store } = await pausedThread();
    const before = await store.list('t1');
    const threadCheck = ({ tasks }: { tasks: readonly { node: string }[] }) =>
      tasks.some((t) => t.node === 'review') ? ['the task at "review" has no reviewer in the state'] : [];
    const rename = migration({ from: 'v1', to: 'v2', nodes: { ask: 'review' }, interrupts: { ask: 'review' } });
    expect(await v1WithAudit({ store, threadCheck }).checkThread('t1')).toMatchObject({ status: 'compatible' });
    const failed = await rejection(
      v2({ store, migrations: [rename], onGraphMismatch: 'migrate', threadCheck }).resume({
        threadId: 't1',
        resume: { 'ask#0': { approved: true } },
      }),
    );
    expect(failed.code).toBe('MIGRATION_FAILED');
    expect(failed.message).toContain('- the task at "review" has no reviewer in the state'.slice(2));
    expect(await store.list('t1')).toEqual(before);
    expect(payments).toEqual([]);
  });

  it('takes a handle and interrupt ids from before a batch migration: they mean the migrated head and its interrupts', async () => {
    const { store } = await pausedThread();
    const oldHead = (await store.get('t1'))!;
    const rename = migration({ from: 'v1', to: 'v2', nodes: { ask: 'review' }, interrupts: { ask: 'review' } });
    const next = v2({ store, migrations: [rename] });
    expect((await next.migrateThread('t1')).outcome).toBe('migrated');
    // An approval link sent before the deploy: the old checkpoint and the old interrupt id.
    const done = await next.resume({ threadId: 't1', checkpointId: oldHead.id, resume: { 'ask#0': { approved: true } } });
    expect(done).toMatchObject({ status: 'done', output: 'paid 500' });
    expect(payments).toEqual([{ amount: 500, approved: true }]);
    // A fork of the old checkpoint still means the old checkpoint, for the version that wrote it.
    await expect(
      rejection(next.resume({ threadId: 't1', checkpointId: oldHead.id, fork: true, resume: { 'ask#0': { approved: true } } })),
    ).resolves.toMatchObject({
      code: 'CHECKPOINT_GRAPH_MISMATCH',
    });
  });
});
