import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { END, START, decodeCheckpoint, graph, interrupt, MemoryStore, type StandardSchemaV1 } from '../index.ts';
import { collect, trace } from '../../test/support/collect.ts';

const Approval = z.object({ approved: z.boolean(), note: z.string().default('') });
const APPROVAL_MESSAGE =
  'the value for interrupt "review#0" does not match its resume schema: approved: Invalid input: expected boolean, received string; ' +
  'the interrupt still waits: resume it again with a value that matches';

/**
 * draft → review (asks with a resume schema) → END, with a sibling `notes`
 * that also asks (no schema) in the same step. Each call to `build` is a
 * fresh compile: what a new process that loads the graph has.
 */
function build(store: MemoryStore, calls: string[], schema: StandardSchemaV1 = Approval) {
  return graph({ name: 'review', input: z.string(), state: z.object({ log: z.array(z.string()).default([]) }) })
    .addNode('review', (draft: string, ctx) => {
      calls.push('review');
      const answer = interrupt({ draft }, { resume: schema }) as z.infer<typeof Approval>;
      ctx.update((s) => void s.log.push(`review ${answer.approved}${answer.note}`));
      return answer.approved ? draft : 'rejected';
    })
    .addNode('notes', (draft: string) => (calls.push('notes'), `${draft}: ${interrupt<string>('notes?')}`))
    .addNode('join', (parts: unknown) => parts, { trigger: 'all' })
    .addEdge(START, 'review')
    .addEdge(START, 'notes')
    .addEdge('review', 'join')
    .addEdge('notes', 'join')
    .addEdge('join', END)
    .compile({ store });
}

async function headOf(store: MemoryStore, threadId: string) {
  return decodeCheckpoint((await store.get(threadId))!.bytes, 'head');
}

describe('interrupt(info, { resume: schema })', () => {
  it('records the JSON Schema of the value it takes, and returns the schema’s output', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = build(store, calls);
    const paused = await g.run('text', { threadId: 't' });
    expect(paused).toMatchObject({ status: 'interrupted', output: undefined, error: undefined });
    expect(paused.interrupts[0]).toEqual({
      id: 'review#0',
      address: 'review',
      path: ['review'],
      info: { draft: 'text' },
      resumeSchema: {
        type: 'object',
        properties: { approved: { type: 'boolean' }, note: { type: 'string', default: '' } },
        required: ['approved'],
      },
    });
    expect(paused.interrupts[1]).not.toHaveProperty('resumeSchema');
    // The checkpoint keeps it: another process reads it from there.
    expect((await headOf(store, 't')).interrupts[0]!.resumeSchema).toEqual(paused.interrupts[0]!.resumeSchema);
    const done = await g.resume({ threadId: 't', resume: { 'review#0': { approved: true }, 'notes#0': 'fine' } });
    expect(done).toMatchObject({ status: 'done', output: { review: 'text', notes: 'text: fine' }, state: { log: ['review true'] } });
  });

  it('a value the schema refuses is refused at resume(), before any node runs: nothing is written, and a right value works after', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = build(store, calls);
    await g.run('text', { threadId: 't' });
    const before = await store.list('t');
    calls.length = 0;
    const refused = g.resume({ threadId: 't', resume: { 'review#0': { approved: 'yes' } } });
    const seen: unknown[] = [];
    refused.subscribe({ next: (e) => seen.push(e.type), error: (err: unknown) => seen.push(err) });
    await expect(refused).rejects.toMatchObject({
      code: 'RESUME_INVALID',
      message: APPROVAL_MESSAGE,
      details: { interruptId: 'review#0', resumeSchema: { type: 'object' } },
    });
    expect(seen).toEqual([expect.objectContaining({ code: 'RESUME_INVALID' })]);
    expect(calls).toEqual([]);
    expect(await store.list('t')).toEqual(before);
    expect(await store.threadLease('t')).toBeUndefined();
    const done = await g.resume({ threadId: 't', resume: { 'review#0': { approved: false, note: '!' }, 'notes#0': 'ok' } });
    expect(done).toMatchObject({ status: 'done', output: { review: 'rejected', notes: 'text: ok' }, state: { log: ['review false!'] } });
    expect(calls.sort()).toEqual(['notes', 'review']);
  });

  it('in a new process, the node that runs again refuses the value: the run ends with RESUME_INVALID and the thread still waits there', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    await build(store, calls).run('text', { threadId: 't' });
    calls.length = 0;
    const fresh = build(store, calls);
    const { result, events } = await collect(
      fresh.resume({ threadId: 't', resume: { 'review#0': { approved: 'yes' }, 'notes#0': 'fine' } }),
    );
    expect(result).toMatchObject({
      status: 'error',
      output: undefined,
      interrupts: [],
      error: { code: 'RESUME_INVALID', message: APPROVAL_MESSAGE },
    });
    expect(trace(events)).toEqual([
      '0 run.start',
      '0 checkpoint.write',
      '1 step.start [review,notes]',
      '1 node.start review',
      '1 node.start notes',
      '1 node.end notes',
      '1 checkpoint.write',
      '1 interrupt review#0',
      '1 error RESUME_INVALID',
      '1 run.end error',
    ]);
    // The head: interrupted at review#0 as before, without the refused value; notes finished and is kept.
    const head = await headOf(store, 't');
    expect(head).toMatchObject({
      status: 'interrupted',
      error: { code: 'RESUME_INVALID' },
      interrupts: [{ id: 'review#0', resumeSchema: expect.any(Object) }],
      pending: [{ node: 'notes', output: 'text: fine' }],
    });
    expect(head.frontier.find((t) => t.node === 'review')).toEqual({ node: 'review', input: 'text', resume: [] });
    expect((await fresh.getState('t')).status).toBe('interrupted');
    // Having run the interrupt, this process now refuses a wrong value before any node runs.
    await expect(fresh.resume({ threadId: 't', resume: { 'review#0': { approved: 1 } } })).rejects.toMatchObject({
      code: 'RESUME_INVALID',
    });
    const done = await fresh.resume({ threadId: 't', resume: { 'review#0': { approved: true } } });
    expect(done).toMatchObject({ status: 'done', output: { review: 'text', notes: 'text: fine' }, state: { log: ['review true'] } });
    expect(calls).toEqual(['review', 'notes', 'review']);
  });

  it('in a new process, a refusal inside a subgraph keeps the subgraph waiting at its node', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const outer = () => {
      const inner = graph({ name: 'inner', input: z.number() })
        .addNode('prep', (n: number) => (calls.push('prep'), n + 1))
        .addNode('approve', (n: number) => (calls.push('approve'), n * interrupt({ n }, { resume: z.number().int() })))
        .addEdge(START, 'prep')
        .addEdge('prep', 'approve')
        .addEdge('approve', END)
        .compile();
      return graph({ name: 'outer', input: z.number(), output: z.number() })
        .addNode('sub', inner)
        .addEdge(START, 'sub')
        .addEdge('sub', END)
        .compile({ store });
    };
    const first = await outer().run(1, { threadId: 't' });
    expect(first.interrupts).toEqual([
      {
        id: 'sub/approve#0',
        address: 'sub/approve',
        path: ['sub', 'approve'],
        info: { n: 2 },
        resumeSchema: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) },
      },
    ]);
    const fresh = outer();
    const refused = await fresh.resume({ threadId: 't', resume: { 'sub/approve#0': 2.5 } });
    expect(refused).toMatchObject({
      status: 'error',
      error: { code: 'RESUME_INVALID', message: expect.stringMatching(/^the value for interrupt "sub\/approve#0"/) },
    });
    expect((await fresh.getState('t')).interrupts.map((i) => i.id)).toEqual(['sub/approve#0']);
    await expect(fresh.resume({ threadId: 't', resume: { 'sub/approve#0': 'x' } })).rejects.toMatchObject({ code: 'RESUME_INVALID' });
    expect(await fresh.resume({ threadId: 't', resume: { 'sub/approve#0': 10 } })).toMatchObject({ status: 'done', output: 20 });
    expect(calls).toEqual(['prep', 'approve', 'approve', 'approve']);
  });

  it('keeps the answers before a refused one: the second of two interrupts in a node is refused, the first stays answered', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const twice = () =>
      graph({ name: 'twice' })
        .addNode('ask', () => {
          const a = interrupt('first?', { resume: z.string() });
          const b = interrupt('second?', { resume: z.number() });
          calls.push(`${a}/${b}`);
          return `${a}/${b}`;
        })
        .addEdge(START, 'ask')
        .addEdge('ask', END)
        .compile({ store });
    await twice().run(0, { threadId: 't' });
    await twice().resume({ threadId: 't', resume: { 'ask#0': 'A' } });
    const refused = await twice().resume({ threadId: 't', resume: { 'ask#1': 'B' } });
    expect(refused).toMatchObject({ status: 'error', error: { code: 'RESUME_INVALID' } });
    expect((await headOf(store, 't')).frontier).toEqual([{ node: 'ask', input: 0, resume: ['A'] }]);
    expect(await twice().resume({ threadId: 't', resume: { 'ask#1': 2 } })).toMatchObject({ status: 'done', output: 'A/2' });
    expect(calls).toEqual(['A/2']);
  });

  it.each([
    [
      'valibot (toStandardJsonSchema)',
      toStandardJsonSchema(v.object({ approved: v.boolean() })),
      true,
      /approved: Invalid type: Expected boolean but received "yes"/,
    ],
    ['valibot without a converter', v.object({ approved: v.boolean() }), false, /approved: Invalid type: Expected boolean/],
    ['arktype', type({ approved: 'boolean' }), true, /approved: approved must be boolean \(was "yes"\)/],
  ])(
    '%s: checked by the library’s own validator; the record has the JSON Schema when the library writes one',
    async (_, schema, hasJson, message) => {
      const store = new MemoryStore();
      const g = build(store, [], schema);
      const paused = await g.run('text', { threadId: 't' });
      expect(paused.interrupts[0]!.resumeSchema !== undefined).toBe(hasJson);
      if (hasJson)
        expect(paused.interrupts[0]!.resumeSchema).toMatchObject({ type: 'object', properties: { approved: { type: 'boolean' } } });
      await expect(g.resume({ threadId: 't', resume: { 'review#0': { approved: 'yes' } } })).rejects.toMatchObject({
        code: 'RESUME_INVALID',
        message: expect.stringMatching(message),
      });
      const fresh = await build(store, [], schema).resume({ threadId: 't', resume: { 'review#0': { approved: 'yes' } } });
      expect(fresh).toMatchObject({ status: 'error', error: { code: 'RESUME_INVALID', message: expect.stringMatching(message) } });
    },
  );

  it('refuses options that are not a schema, with a typed error that fails the node', async () => {
    const g = graph({ name: 'bad' })
      .addNode('n', () => interrupt('?', { resume: { type: 'string' } as never }))
      .addEdge(START, 'n')
      .addEdge('n', END)
      .compile();
    expect(await g.run(0)).toMatchObject({
      status: 'error',
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/resume must be a Standard Schema/) },
    });
  });
});
