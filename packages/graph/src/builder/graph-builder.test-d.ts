import { describe, expectTypeOf, it } from 'vitest';
import { END, START, graph } from '../index.ts';

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
  it('are typed by the state: a top-level key gets its value type; dotted paths are accepted', () => {
    type S = { total: number; tags: string[]; meta: { stage: string } };
    graph<number, number, S>({
      name: 'r',
      state: () => ({ total: 0, tags: [], meta: { stage: '' } }),
      reducers: {
        total: (current, mine, base) => {
          expectTypeOf(current).toEqualTypeOf<number>();
          return current + (mine - base);
        },
        tags: (current, mine, base) => [...current, ...mine.slice(base.length)],
        'meta.stage': (current: string, mine: string) => `${current}${mine}`,
      },
    });
    // @ts-expect-error a reducer must return the value's type
    graph<number, number, S>({ name: 'r', reducers: { total: () => 'text' } });
  });
});
