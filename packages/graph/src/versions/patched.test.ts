import { describe, expect, it } from 'vitest';
import { MemoryStore, decodeCheckpoint } from '@weft/checkpoint';
import { graph } from '../builder/graph.ts';
import type { CompileOptions } from '../compiler/compile-options.ts';
import { interrupt } from '../interrupt/interrupt.ts';
import { END, START } from '../spec/start-end.ts';

/** A refund flow whose limit changed: threads that started with the patch allow 200, older ones 100. */
function limits(options: CompileOptions) {
  return graph<number, string>({ name: 'limits' })
    .addNode('ask', (amount: number) => interrupt<number>({ amount }) + amount)
    .addNode('decide', (amount: number, ctx) => {
      const limit = options.patches?.length ? (ctx.patched('limit-200') ? 200 : 100) : 100;
      return amount <= limit ? `approved ${amount}` : `refused ${amount} (limit ${limit})`;
    })
    .addEdge(START, 'ask')
    .addEdge('ask', 'decide')
    .addEdge('decide', END)
    .compile(options);
}

describe('ctx.patched', () => {
  it('is true for threads that started with the patch and false for threads that started before it, across a deploy', async () => {
    const store = new MemoryStore();
    await limits({ store }).run(0, { threadId: 'old' });
    const patched = limits({ store, patches: ['limit-200'] });
    await patched.run(0, { threadId: 'new' });
    expect(await patched.resume({ threadId: 'old', resume: { 'ask#0': 150 } })).toMatchObject({
      status: 'done',
      output: 'refused 150 (limit 100)',
    });
    expect(await patched.resume({ threadId: 'new', resume: { 'ask#0': 150 } })).toMatchObject({ status: 'done', output: 'approved 150' });
    // Recorded in the thread: every checkpoint of the new thread carries it, none of the old one's.
    const patchesOf = async (t: string) => (await store.list(t)).map((e) => JSON.stringify(decodeCheckpoint(e.bytes, t).patched ?? null));
    const recorded = await patchesOf('new');
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    expect(new Set(recorded)).toEqual(new Set(['["limit-200"]']));
    expect(new Set(await patchesOf('old'))).toEqual(new Set(['null']));
  });

  it('is true in a run without a store (a fresh thread), and refuses a patch the graph does not declare', async () => {
    expect(await limits({ patches: ['limit-200'] }).run(0)).toMatchObject({ status: 'interrupted' });
    const undeclared = graph<number, boolean>({ name: 'u' })
      .addNode('a', (_: number, ctx) => ctx.patched('nope'))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile({ patches: ['yes'] });
    const run = await undeclared.run(1);
    expect(run.status).toBe('error');
    expect(run.error?.message).toContain(
      `ctx.patched("nope") in node "a": the graph declares no such patch; declare it with compile({ patches: ['nope'] }) (declared: yes)`,
    );
  });
});
