/**
 * A loop for long threads: `count` adds one and runs again until `n`
 * reaches `to` (one checkpoint per turn), then `finish` returns the count,
 * after asking a person when `ask` is set (an interrupt). `weft history`
 * pages through such a thread; `weft run … | head -1` stops one early.
 */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';

interface Counter {
  n: number;
  to: number;
  ask?: boolean;
}

export const graph = defineGraph<Counter, string>({ name: 'loop' })
  .addNode('count', async (c: Counter) => {
    // A turn of the event loop, as a node that calls a model or an API takes: a closed stdout is noticed in between.
    await new Promise((resolve) => setImmediate(resolve));
    return { ...c, n: c.n + 1 };
  })
  .addNode('finish', (c: Counter) => {
    const note = c.ask ? interrupt<string>({ question: `keep ${c.n}?` }) : 'kept';
    return `counted to ${c.n}: ${note}`;
  })
  .addEdge(START, 'count')
  .addBranch('count', (c: Counter) => (c.n < c.to ? 'count' : 'finish'), ['count', 'finish'])
  .addEdge('finish', END)
  .compile({ maxSteps: 10_000 });
