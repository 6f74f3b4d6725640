/**
 * A thread exported as a fixture and imported into another store (through
 * JSON, as a file in a repository holds it) resumes to what the original
 * does: the same output and the same checkpoints after it (the blobs a
 * fixture carries are covered by @weft/checkpoint's own tests).
 */
import { describe, expect, it } from 'vitest';
import { exportThread, importThread, MemoryStore, type ThreadFixture } from '@weft/graph';
import { graph } from '../../test-fixtures/refunds-v1.ts';

const approve = { 'ask#0': { approved: true } };

describe('an imported thread', () => {
  it('resumes on another store to the same result, with the same history after it', async () => {
    const original = graph.withStore(new MemoryStore());
    expect((await original.run({ amount: 10 }, { threadId: 'T' })).status).toBe('interrupted');
    const fixture = JSON.parse(JSON.stringify(await exportThread(original.store!, 'T'))) as ThreadFixture;
    const copy = graph.withStore(new MemoryStore());
    await importThread(copy.store!, fixture);

    const [a, b] = [await original.resume({ threadId: 'T', resume: approve }), await copy.resume({ threadId: 'T', resume: approve })];
    expect([a.status, a.output]).toEqual(['done', 'paid 10']);
    expect([b.status, b.output, b.steps]).toEqual([a.status, a.output, a.steps]);
    const rows = async (g: typeof original) => {
      const out: [number, string, string][] = [];
      for await (const c of g.history('T')) out.push([c.seq, c.status, JSON.stringify(c.state)]);
      return out;
    };
    expect(await rows(copy)).toEqual(await rows(original));
  });
});
