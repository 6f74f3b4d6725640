import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  END,
  START,
  graph,
  interrupt,
  type InterruptRecord,
  type RunDone,
  type RunFailed,
  type RunInterrupted,
  type RunResult,
  type WeftError,
} from '../index.ts';

const State = z.object({ drafts: z.number().default(0), log: z.array(z.string()).default([]) });

describe('a graph typed by its schemas', () => {
  it('infers In, Out and S: the first node gets the input, END takes the output, ctx.state is the state', () => {
    const g = graph({ name: 'drafts', input: z.string(), output: z.object({ text: z.string() }), state: State })
      .addNode('write', (topic: string, ctx) => {
        expectTypeOf(ctx.state).toEqualTypeOf<{ drafts: number; log: string[] }>();
        ctx.update((s) => void s.log.push(topic));
        return { text: topic };
      })
      .addEdge(START, 'write')
      .addEdge('write', END)
      .compile();
    expectTypeOf(g.run).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(g.run('x')).resolves.toEqualTypeOf<RunResult<{ text: string }, { drafts: number; log: string[] }>>();
  });

  it('refuses edges that do not fit the schemas, a wrong input to run(), and state fields the schema lacks', () => {
    const b = graph({ name: 't', input: z.string(), output: z.number(), state: State })
      .addNode('len', (s: string) => s.length)
      .addNode('text', (n: number) => `${n}`)
      .addNode('peek', (_: number, ctx) => {
        // @ts-expect-error 'nope' is not a field of the state schema
        return ctx.state.nope;
      });
    // @ts-expect-error the input is a string, 'text' takes a number
    b.addEdge(START, 'text');
    // @ts-expect-error the output is a number
    b.addEdge('text', END);
    const g = b.addEdge(START, 'len').addEdge('len', END).compile();
    // @ts-expect-error run() takes the input schema's type
    void g.run(3);
  });

  it('run() takes what the input schema accepts; nodes get what it gives', () => {
    const g = graph({ name: 't', input: z.string().transform((s) => s.length), output: z.number() })
      .addNode('double', (n: number) => n * 2)
      .addEdge(START, 'double')
      .addEdge('double', END)
      .compile();
    expectTypeOf(g.run).parameter(0).toEqualTypeOf<string>();
    const b = graph({ name: 't', input: z.string().transform((s) => s.length) }).addNode('s', (s: string) => s);
    // @ts-expect-error nodes after START get a number
    b.addEdge(START, 's');
  });

  it('works the same with Valibot and ArkType schemas', () => {
    const vb = graph({
      name: 'v',
      input: toStandardJsonSchema(v.object({ city: v.string() })),
      state: v.object({ n: v.optional(v.number(), 0) }),
    })
      .addNode('a', (x: { city: string }, ctx) => (expectTypeOf(ctx.state).toEqualTypeOf<{ n: number }>(), x.city))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    expectTypeOf(vb.run).parameter(0).toEqualTypeOf<{ city: string }>();
    const ak = graph({ name: 'k', input: type({ city: 'string' }), output: type('number'), state: type({ n: 'number = 0' }) })
      .addNode('a', (x: { city: string }, ctx) => (expectTypeOf(ctx.state).toEqualTypeOf<{ n: number }>(), x.city.length))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    expectTypeOf(ak.run).parameter(0).toEqualTypeOf<{ city: string }>();
    expectTypeOf(ak.run({ city: 'x' })).resolves.toMatchTypeOf<RunResult<number, { n: number }>>();
  });

  it('keeps the function form and explicit type parameters', () => {
    const fn = graph({ name: 'f', state: () => ({ drafts: 0 }) })
      .addNode('a', (x: string, ctx) => (expectTypeOf(ctx.state).toEqualTypeOf<{ drafts: number }>(), x))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    expectTypeOf(fn.run).parameter(0).toBeAny();
    const explicit = graph<string, string, { drafts: number }>({ name: 'e', state: () => ({ drafts: 0 }) })
      .addNode('a', (x: string) => x)
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    expectTypeOf(explicit.run).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(explicit.run('x')).resolves.toEqualTypeOf<RunResult<string, { drafts: number }>>();
    const mixed = graph({ name: 'm', input: z.string(), state: () => ({ n: 0 }) })
      .addNode('a', (x: string, ctx) => (expectTypeOf(ctx.state).toEqualTypeOf<{ n: number }>(), x))
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    expectTypeOf(mixed.run).parameter(0).toEqualTypeOf<string>();
  });
});

describe('RunResult', () => {
  it('narrows by status: done has the output, interrupted a non-empty list, error the error', async () => {
    const g = graph({ name: 'n', input: z.string(), output: z.string() })
      .addNode('a', (x: string) => x)
      .addEdge(START, 'a')
      .addEdge('a', END)
      .compile();
    const r = await g.run('x');
    expectTypeOf(r.output).toEqualTypeOf<string | undefined>();
    expectTypeOf(r.interrupts).toEqualTypeOf<[] | [InterruptRecord, ...InterruptRecord[]]>();
    if (r.status === 'done') {
      expectTypeOf(r).toEqualTypeOf<RunDone<string, undefined>>();
      expectTypeOf(r.output).toEqualTypeOf<string>();
      expectTypeOf(r.error).toEqualTypeOf<undefined>();
    } else if (r.status === 'interrupted') {
      expectTypeOf(r).toEqualTypeOf<RunInterrupted<undefined>>();
      expectTypeOf(r.interrupts[0]).toEqualTypeOf<InterruptRecord>();
      expectTypeOf(r.output).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(r).toEqualTypeOf<RunFailed<undefined>>();
      expectTypeOf(r.error).toEqualTypeOf<WeftError>();
      // @ts-expect-error a failed run has no interrupts
      void r.interrupts[0].id;
    }
  });
});

describe('typed interrupts', () => {
  it('return the resume schema’s output type; without a schema, the type parameter (unknown by default)', () => {
    graph({ name: 'i' }).addNode('ask', () => {
      const answer = interrupt({ q: '?' }, { resume: z.object({ approved: z.boolean(), note: z.string().default('') }) });
      expectTypeOf(answer).toEqualTypeOf<{ approved: boolean; note: string }>();
      expectTypeOf(interrupt('?', { resume: type({ n: 'number' }) })).toEqualTypeOf<{ n: number }>();
      expectTypeOf(interrupt<string>('?')).toEqualTypeOf<string>();
      expectTypeOf(interrupt('?')).toBeUnknown();
      // @ts-expect-error resume must be a Standard Schema
      interrupt('?', { resume: { type: 'object' } });
      return answer.approved;
    });
  });
});
