import { expectTypeOf, it } from 'vitest';
import { END, START, graph, guardrail, type Guardrail, type GuardrailVerdict } from '../index.ts';

const pass = { action: 'pass' } as const;

it("types a node's guardrails by its input and output", () => {
  const atMost10: Guardrail<number> = guardrail({
    name: 'clamp',
    check: (n: number): GuardrailVerdict<number> => (n > 10 ? { action: 'rewrite', value: 10 } : pass),
  });
  const g = graph<number, number>({ name: 'g' })
    .addNode('inc', (n: number) => n + 1, { guardrails: { input: [atMost10], output: [atMost10] } })
    .addEdge(START, 'inc')
    .addEdge('inc', END)
    .compile();
  expectTypeOf(g.run(1)).resolves.toHaveProperty('status');
  // A rewrite must give the node's own type: a guardrail that may rewrite to anything does not fit a number node.
  const loose = guardrail<unknown>({ name: 'loose', check: () => pass });
  // @ts-expect-error Guardrail<unknown> is not a Guardrail<number>
  graph<number, number>({ name: 'h' }).addNode('inc', (n: number) => n + 1, { guardrails: { input: [loose] } });
});

it("infers a guardrail's type from its check's parameter alone, whatever its verdicts' literal shapes", () => {
  // A conditional of a rewrite and a pass: the pass's missing `value` must not widen the type to number | undefined.
  const clamp = guardrail({
    name: 'clamp',
    check: (n: number) => (n > 10 ? { action: 'rewrite', value: 10, reason: 'at most 10' } : { action: 'pass' }),
  });
  expectTypeOf(clamp).toEqualTypeOf<Guardrail<number>>();
  graph<number, number>({ name: 'g' })
    .addNode('double', (n: number) => n * 2, { guardrails: { input: [clamp] } })
    .addEdge(START, 'double')
    .addEdge('double', END);
});
