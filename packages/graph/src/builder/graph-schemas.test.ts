import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { END, START, decodeCheckpoint, graph, MemoryStore, type StandardSchemaV1 } from '../index.ts';
import { collect, trace } from '../../test/support/collect.ts';

const State = z.object({ drafts: z.number().default(0), log: z.array(z.string()).default([]) });

/** write → END, counting drafts; `finish` decides what reaches END. */
function drafts(store: MemoryStore | undefined, finish: (topic: string) => unknown = (t) => `a draft about ${t}`) {
  return graph({ name: 'drafts', input: z.string().trim(), output: z.string(), state: State })
    .addNode('write', (topic: string, ctx) => {
      ctx.update((s) => {
        s.drafts++;
        s.log.push(topic);
      });
      return finish(topic) as string;
    })
    .addEdge(START, 'write')
    .addEdge('write', END)
    .compile(store ? { store } : {});
}

describe('state from a schema', () => {
  it.each([
    ['zod', State],
    ['valibot', v.object({ drafts: v.optional(v.number(), 0), log: v.optional(v.array(v.string()), () => []) })],
    ['arktype', type({ drafts: 'number = 0', log: type('string[]').default(() => []) })],
  ])('%s: the initial state is the schema’s value for {}, fresh for every run', async (_, schema) => {
    const g = graph({ name: 's', state: schema })
      .addNode('a', (x: string, ctx) => (ctx.update((s) => void s.log.push(x)), x))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    expect(await g.run('one')).toMatchObject({ status: 'done', state: { drafts: 0, log: ['one'] } });
    expect(await g.run('two')).toMatchObject({ status: 'done', state: { drafts: 0, log: ['two'] } });
  });

  it('a schema that refuses {} is INVALID_ARGUMENT at graph(), saying to give defaults or pass a function', () => {
    expect(() => graph({ name: 'g', state: z.object({ drafts: z.number() }) })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^graph "g": the state schema does not accept \{\} \(drafts: .+\); .*default.*function/),
      }),
    );
    expect(() => graph({ name: 'g', state: z.object({ n: z.number().default(0) }).refine(async () => true) })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/asynchronously/) }),
    );
    expect(() => graph({ name: 'g', state: 3 as never })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => graph({ name: 'g', input: { type: 'string' } as never })).toThrow(/input must be a Standard Schema/);
  });

  it('reducer paths are checked against the schema’s initial state', () => {
    expect(() => graph({ name: 'g', state: State, reducers: { drafts: (c, m, b) => c + m - b } })).not.toThrow();
    expect(() => graph({ name: 'g', state: State, reducers: { ['nope' as 'drafts']: (c: number) => c } })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/"nope" is not in the state/) }),
    );
  });
});

describe('the run’s input', () => {
  it('is checked before anything is written: a refused input rejects with INPUT_INVALID and the store stays empty', async () => {
    const store = new MemoryStore();
    const run = drafts(store).run(42 as never, { threadId: 't' });
    const events: string[] = [];
    run.subscribe({ next: (e) => events.push(e.type), error: (e: { code: string }) => events.push(`failed ${e.code}`) });
    await expect(run).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: 'the input of graph "drafts" does not match its input schema: Invalid input: expected string, received number',
    });
    expect(events).toEqual(['failed INPUT_INVALID']);
    expect(await store.threads()).toEqual([]);
    expect(await store.threadLease('t')).toBeUndefined();
  });

  it('on a thread that has checkpoints, a refused input leaves its head as it was', async () => {
    const store = new MemoryStore();
    const g = drafts(store);
    await g.run('first', { threadId: 't' });
    const head = await store.get('t');
    await expect(g.run(null as never, { threadId: 't' })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(await store.get('t')).toEqual(head);
    expect(await g.run('second', { threadId: 't' })).toMatchObject({ status: 'done', state: { drafts: 2, log: ['first', 'second'] } });
  });

  it('nodes get the schema’s output (its transforms and defaults), and run.start shows it', async () => {
    const { result, events } = await collect(drafts(undefined).run('  rivers  '));
    expect(result).toMatchObject({
      status: 'done',
      output: 'a draft about rivers',
      state: { drafts: 1, log: ['rivers'] },
      error: undefined,
    });
    expect(events[0]).toMatchObject({ type: 'run.start', input: 'rivers' });
  });

  it('is checked by the library’s own validator: Valibot and ArkType messages', async () => {
    const pass = (input: StandardSchemaV1) =>
      graph({ name: 'p', input })
        .addNode('a', (x: unknown) => x)
        .addEdge(START, 'a')
        .addEdge('a', END)
        .compile();
    await expect(pass(toStandardJsonSchema(v.object({ city: v.string() }))).run({ city: 3 })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: expect.stringMatching(
        /^the input of graph "p" does not match its input schema: city: Invalid type: Expected string but received 3$/,
      ),
    });
    await expect(pass(type({ city: 'string' })).run({ city: 3 })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: 'the input of graph "p" does not match its input schema: city: city must be a string (was a number)',
    });
  });
});

describe('the run’s output', () => {
  it('is checked when the run ends done: a refused output ends it with status error and OUTPUT_INVALID, the checkpoint says error', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const g = drafts(store, (t) => (calls.push(t), t.length));
    const { result, events } = await collect(g.run('rivers', { threadId: 't' }));
    expect(result).toMatchObject({
      status: 'error',
      output: undefined,
      interrupts: [],
      state: { drafts: 0, log: [] },
      error: {
        code: 'OUTPUT_INVALID',
        message: 'the output of graph "drafts" does not match its output schema: Invalid input: expected string, received number',
      },
    });
    expect(trace(events)).toEqual([
      '0 run.start',
      '0 checkpoint.write',
      '1 step.start [write]',
      '1 node.start write',
      '1 node.end write',
      '1 checkpoint.write',
      '1 error OUTPUT_INVALID',
      '1 run.end error',
    ]);
    // Like a branch's bad target: the node's result is kept, the step's state change waits with it, the thread can be resumed.
    const head = decodeCheckpoint((await store.get('t'))!.bytes, 'head');
    expect(head).toMatchObject({
      status: 'error',
      step: 0,
      frontier: [{ node: 'write', input: 'rivers' }],
      pending: [{ node: 'write', output: 6 }],
      error: { code: 'OUTPUT_INVALID' },
    });
    expect(head).not.toHaveProperty('output');
    // Resuming delivers the kept output again (the node does not run twice) and checks it again.
    expect(await g.resume({ threadId: 't' })).toMatchObject({ status: 'error', error: { code: 'OUTPUT_INVALID' } });
    expect(calls).toEqual(['rivers']);
  });

  it('a done run has the schema’s output', async () => {
    const g = graph({ name: 'o', output: z.object({ n: z.number(), tags: z.array(z.string()).default([]) }) })
      .addNode('a', (n: number) => ({ n }))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile({ store: new MemoryStore() });
    const res = await g.run(2, { threadId: 't' });
    expect(res).toMatchObject({ status: 'done', output: { n: 2, tags: [] }, error: undefined, interrupts: [] });
    expect((await g.getState('t')).output).toEqual({ n: 2, tags: [] });
  });

  it('is checked when START leads straight to END, and when the run ends without END receiving anything', async () => {
    const straight = graph({ name: 'st', input: z.any(), output: z.string() }).addEdge(START, END).compile();
    expect(await straight.run('x')).toMatchObject({ status: 'done', output: 'x' });
    expect(await straight.run(1)).toMatchObject({ status: 'error', error: { code: 'OUTPUT_INVALID' } });
    const nothing = graph({ name: 'none', output: z.string() })
      .addNode('a', () => 1)
      .addBranch('a', () => [], [END])
      .addEdge(START, 'a')
      .compile();
    expect(await nothing.run(0)).toMatchObject({ status: 'error', error: { code: 'OUTPUT_INVALID' } });
  });
});

describe('a subgraph with schemas', () => {
  it('checks its input and output as its own run would: a refusal fails its node in the parent', async () => {
    const inner = graph({ name: 'inner', input: z.number().int(), output: z.number().max(10) })
      .addNode('double', (n: number) => n * 2)
      .addEdge(START, 'double')
      .addEdge('double', END)
      .compile();
    const outer = graph({ name: 'outer', input: z.number() }).addNode('sub', inner).addEdge(START, 'sub').addEdge('sub', END).compile();
    expect(await outer.run(3)).toMatchObject({ status: 'done', output: 6 });
    expect(await outer.run(1.5)).toMatchObject({
      status: 'error',
      error: { code: 'INPUT_INVALID', message: expect.stringMatching(/^the input of graph "inner"/) },
    });
    expect(await outer.run(8)).toMatchObject({
      status: 'error',
      error: { code: 'OUTPUT_INVALID', message: expect.stringMatching(/^the output of graph "inner"/) },
    });
  });
});

describe('the compiled graph’s JSON', () => {
  it('records the input and output JSON Schemas when the library writes them, and leaves the hash alone', () => {
    const typed = drafts(undefined);
    expect(typed.toJSON()).toMatchObject({ input: { type: 'string' }, output: { type: 'string' } });
    const untyped = graph({ name: 'drafts' })
      .addNode('write', (x: unknown) => x)
      .addEdge(START, 'write')
      .addEdge('write', END)
      .compile();
    expect(untyped.toJSON()).not.toHaveProperty('input');
    expect(untyped.hash).toBe(typed.hash);
    // Valibot without toStandardJsonSchema has no converter: no JSON Schema, and no failure.
    const plain = graph({ name: 'p', input: v.string() }).addEdge(START, END).compile();
    expect(plain.toJSON()).not.toHaveProperty('input');
  });
});
