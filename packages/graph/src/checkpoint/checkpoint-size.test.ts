import { describe, expect, it } from 'vitest';
import { END, START, graph, MemoryStore, type GraphEvent } from '../index.ts';

const MiB = 1024 * 1024;

/** a → b → END; `a` appends to the log and stores what `value()` gives at state.v; `b` passes on `output(n)`. */
const build = (store: MemoryStore, value: () => unknown, options: { maxCheckpointBytes?: number; output?: (n: number) => unknown } = {}) =>
  graph<number, unknown, { v: unknown; log: number[] }>({ name: 'sized', state: () => ({ v: null, log: [] }) })
    .addNode('a', (n: number, ctx) => (ctx.append(['log'], n), ctx.set(['v'], value()), options.output ? options.output(n) : n))
    .addNode('b', (x: unknown) => x)
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', END)
    .compile({ store, ...(options.maxCheckpointBytes === undefined ? {} : { maxCheckpointBytes: options.maxCheckpointBytes }) });

describe('the checkpoint size limit', () => {
  it('a 20 MiB value in the state fails the step with CHECKPOINT_TOO_LARGE naming where it is; nothing is written and the thread resumes', async () => {
    const store = new MemoryStore();
    const g = build(store, () => ({ note: 'x', blob: 'b'.repeat(20 * MiB) }));
    const events: GraphEvent[] = [];
    const run = g.run(1, { threadId: 't' });
    run.subscribe((e) => events.push(e));
    const res = await run;
    expect(res.status).toBe('error');
    expect(res.error).toMatchObject({
      code: 'CHECKPOINT_TOO_LARGE',
      retryable: false,
      details: { threadId: 't', limit: 16 * MiB, at: 'state.v.blob' },
    });
    const details = res.error!.details as { bytes: number; atBytes: number };
    expect(details.atBytes).toBe(20 * MiB + 5); // a str32 header
    expect(details.bytes).toBeGreaterThan(details.atBytes);
    expect(res.error!.message).toBe(
      `a checkpoint of thread "t" would take ${details.bytes.toLocaleString('en-US')} bytes, more than maxCheckpointBytes (16,777,216); the largest value in it is state.v.blob (20,971,525 bytes). Keep large data outside the state (in a file or blob store, with its key in the state), or raise maxCheckpointBytes in compile(). Nothing was written for this step: the thread continues from its last checkpoint`,
    );
    // Only the input checkpoint was written (one checkpoint.write event), and it still loads.
    expect((await store.list('t')).map((e) => [e.seq, e.step])).toEqual([[1, 0]]);
    expect(events.filter((e) => e.type === 'checkpoint.write')).toHaveLength(1);
    const again = await build(store, () => 'small').run(2, { threadId: 't' });
    expect([again.status, again.output, again.state]).toEqual(['done', 2, { v: 'small', log: [2] }]);
  });

  it('names the node whose output is too large, and honours a lower limit set in compile()', async () => {
    const store = new MemoryStore();
    const res = await build(store, () => null, { maxCheckpointBytes: 64 * 1024, output: () => ({ pages: ['p'.repeat(100_000)] }) }).run(1, {
      threadId: 't',
    });
    expect(res.error).toMatchObject({
      code: 'CHECKPOINT_TOO_LARGE',
      details: { limit: 65_536, at: 'the input of node "b", at pages[0]', atBytes: 100_005 },
    });
    expect((await store.list('t')).map((e) => e.step)).toEqual([0]);
  });

  it('a checkpoint just under the limit is written; maxCheckpointBytes: Infinity turns the check off', async () => {
    const store = new MemoryStore();
    const fits = await build(store, () => 'f'.repeat(1000), { maxCheckpointBytes: 4096 }).run(1, { threadId: 'fits' });
    expect(fits.status).toBe('done');
    expect(Math.max(...(await store.list('fits')).map((e) => e.bytes.length))).toBeLessThanOrEqual(4096);
    const off = await build(store, () => 'o'.repeat(17 * MiB), { maxCheckpointBytes: Infinity }).run(1, { threadId: 'off' });
    expect(off.status).toBe('done');
  });

  it('compile() refuses a limit that is not a positive integer or Infinity', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '16MB'])
      expect(() => build(new MemoryStore(), () => null, { maxCheckpointBytes: bad as number })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('maxCheckpointBytes') }),
      );
  });
});
