import type { Patch } from 'immer';
import type { Observable } from 'rxjs';
import { describe, expectTypeOf, it } from 'vitest';
import { END, START, graph, type FinishedNode, type RunStream, type StepUpdate } from '../index.ts';

type Counter = { count: number; seen: string[] };

const g = graph<number, string, Counter>({ name: 'typed', state: () => ({ count: 0, seen: [] }) })
  .addNode('inc', (n: number, ctx) => (ctx.update((s) => void (s.count += n)), `${n}`))
  .addEdge(START, 'inc')
  .addEdge('inc', END)
  .compile();

describe('stream modes', () => {
  it('values() yields the graph state S, as an Observable and in for await', async () => {
    const values = g.run(1).values();
    expectTypeOf(values).toEqualTypeOf<RunStream<Counter>>();
    expectTypeOf(values).toMatchTypeOf<Observable<Counter>>();
    expectTypeOf(values).toMatchTypeOf<AsyncIterable<Counter>>();
    for await (const state of values) {
      expectTypeOf(state).toEqualTypeOf<Counter>();
      // @ts-expect-error the state has no such key
      void state.missing;
    }
    values.subscribe((state) => expectTypeOf(state.count).toEqualTypeOf<number>());
  });

  it('updates() yields StepUpdate: the step, its finished nodes with their outputs, and immer patches', async () => {
    const updates = g.run(1).updates();
    expectTypeOf(updates).toEqualTypeOf<RunStream<StepUpdate>>();
    for await (const u of updates) {
      expectTypeOf(u.step).toEqualTypeOf<number>();
      expectTypeOf(u.nodes).toEqualTypeOf<FinishedNode[]>();
      expectTypeOf(u.nodes[0]!.node).toEqualTypeOf<string>();
      expectTypeOf(u.nodes[0]!.key).toEqualTypeOf<string | undefined>();
      expectTypeOf(u.nodes[0]!.output).toEqualTypeOf<unknown>();
      expectTypeOf(u.patches).toEqualTypeOf<Patch[]>();
    }
  });

  it('piping a stream mode gives an RxJS Observable of the mapped type', () => {
    expectTypeOf(g.run(1).values().pipe()).toEqualTypeOf<Observable<Counter>>();
  });
});
