import { describe, expectTypeOf, it } from 'vitest';
import { END, START, graph, type ReducerPath, type ReducerValue } from '../index.ts';

describe('typed edges', () => {
  it('accepts an edge whose source output fits the target input', () => {
    const g = graph<number, string>({ name: 't' })
      .addNode('double', (n: number) => n * 2)
      .addNode('show', (n: number) => `${n}`)
      .addEdge(START, 'double')
      .addEdge('double', 'show')
      .addEdge('show', END)
      .compile();
    expectTypeOf(g.run).parameter(0).toEqualTypeOf<number>();
  });

  it('rejects an edge between incompatible nodes, and START/END edges that do not fit the graph types', () => {
    const b = graph<number, number>({ name: 't' })
      .addNode('text', (n: number) => `${n}`)
      .addNode('math', (n: number) => n + 1);
    // @ts-expect-error string output into a number input
    b.addEdge('text', 'math');
    // @ts-expect-error the graph's output is a number
    b.addEdge('text', END);
    // @ts-expect-error the graph's input is a number, 'stringy' takes a string
    b.addNode('stringy', (s: string) => s).addEdge(START, 'stringy');
  });

  it('types streams as their concatenation and joins as a record', () => {
    const b = graph<number, string>({ name: 't' })
      .addNode('s', async function* (_n: number) {
        yield 'a';
      })
      .addNode('upper', (t: string) => t.toUpperCase())
      .addEdge('s', 'upper');
    expectTypeOf(b).not.toBeNever();
    graph({ name: 'j' })
      .addNode('a', () => 1)
      .addNode('j', (parts: Record<string, number>) => parts, { trigger: 'all' })
      .addEdge('a', 'j');
  });

  it('branch routes see the source output and may only return declared targets', () => {
    graph<number, number>({ name: 't' })
      .addNode('a', (n: number) => ({ n }))
      .addNode('b', (x: { n: number }) => x.n)
      .addBranch(
        'a',
        (out) => {
          expectTypeOf(out).toEqualTypeOf<{ n: number }>();
          return out.n > 0 ? 'b' : END;
        },
        ['b', END],
      );
    graph({ name: 't' })
      .addNode('a', () => 1)
      // @ts-expect-error 'c' is not among the declared targets
      .addBranch('a', () => 'c', ['b', END]);
  });

  it('accepts names built at run time (typed checks need literal names)', () => {
    let b = graph<number, number>({ name: 'loop' });
    for (let i = 0; i < 3; i++) b = b.addNode(`n${i}`, (x: number) => x + 1);
    b.addEdge(START, 'n0').addEdge('n0', 'n1').addEdge(`n${2}`, END);
  });
});

describe('custom concat', () => {
  it('decides what a streaming node delivers', () => {
    graph<number, number>({ name: 'sum' })
      .addNode(
        'nums',
        async function* () {
          yield 1;
          yield 2;
        },
        { concat: (chunks) => (chunks as number[]).reduce((a, b) => a + b, 0) },
      )
      .addNode('double', (n: number) => n * 2)
      .addEdge('nums', 'double')
      .addEdge('double', END);
  });
});

describe('reducers', () => {
  type S = { total: number; tags: string[]; meta: { stage: string; deep: { level: number } }; seen: Record<string, number> };
  const state = (): S => ({ total: 0, tags: [], meta: { stage: '', deep: { level: 0 } }, seen: {} });

  it('are typed by the value at their path: top-level keys and dotted paths into nested objects', () => {
    graph<number, number, S>({
      name: 'r',
      state,
      reducers: {
        total: (current, mine, base) => {
          expectTypeOf(current).toEqualTypeOf<number>();
          return current + (mine - base);
        },
        tags: (current, mine, base) => [...current, ...mine.slice(base.length)],
        'meta.stage': (current, mine) => {
          expectTypeOf(mine).toEqualTypeOf<string>();
          return `${current}${mine}`;
        },
        'meta.deep.level': (current, mine) => {
          expectTypeOf(current).toEqualTypeOf<number>();
          return Math.max(current, mine);
        },
        seen: (current, mine) => ({ ...current, ...mine }),
      },
    });
  });

  it('the paths are exactly the state’s: keys, nested object keys; lists and records with arbitrary keys are leaves', () => {
    expectTypeOf<ReducerPath<S>>().toEqualTypeOf<'total' | 'tags' | 'meta' | 'meta.stage' | 'meta.deep' | 'meta.deep.level' | 'seen'>();
    expectTypeOf<ReducerValue<S, 'meta.deep'>>().toEqualTypeOf<{ level: number }>();
  });

  it('rejects a path the state does not have, a reducer of the wrong type, and any reducer without a state', () => {
    // @ts-expect-error 'meta.nope' is not a path of the state
    graph<number, number, S>({ name: 'r', state, reducers: { 'meta.nope': (c: string) => c } });
    // @ts-expect-error 'nope' is not a key of the state
    graph<number, number, S>({ name: 'r', state, reducers: { nope: (c: number) => c } });
    // @ts-expect-error no dotted path into a list
    graph<number, number, S>({ name: 'r', state, reducers: { 'tags.length': (c: number) => c } });
    // @ts-expect-error a reducer must return the value's type
    graph<number, number, S>({ name: 'r', state, reducers: { total: () => 'text' } });
    // @ts-expect-error 'meta.stage' holds a string
    graph<number, number, S>({ name: 'r', state, reducers: { 'meta.stage': (c: number) => c } });
    // @ts-expect-error without a state, there is nothing to reduce
    graph<number, number>({ name: 'r', reducers: { total: (c: number) => c } });
  });
});
