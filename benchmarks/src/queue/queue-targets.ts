/**
 * The graphs the queue benchmark runs, shared by the main process and every
 * worker process (a worker runs the targets it is given by name). Compiled
 * without a store: the worker gives each graph its own (`withStore`), the
 * in-process baseline compiles them again with the same store.
 */
import { END, START, graph, send } from '@weft/graph';

/** The simulated model latency of each node of `sleepy`. */
export const LATENCY_MS = 20;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** n nodes in a line; each awaits `latencyMs` (0: returns at once) and adds 1. */
export function line(name: string, n: number, latencyMs: number) {
  let g = graph<number, number>({ name });
  for (let i = 0; i < n; i++)
    g = g.addNode(`n${i}`, async (x: number) => {
      if (latencyMs > 0) await sleep(latencyMs);
      return x + 1;
    });
  g = g.addEdge(START, 'n0');
  for (let i = 1; i < n; i++) g = g.addEdge(`n${i - 1}`, `n${i}`);
  return g.addEdge(`n${n - 1}`, END);
}

/** The width of the distributed maps. */
export const MAP_WIDTH = 200;

/** plan → `task` once per item (a `send()` map, distributed) → join; each task awaits `latencyMs` and doubles its item. */
export function map(name: string, width: number, latencyMs: number) {
  return graph<number, number>({ name })
    .addNode('plan', (n: number) => Array.from({ length: n }, (_, i) => i))
    .addNode(
      'task',
      async (i: number) => {
        if (latencyMs > 0) await sleep(latencyMs);
        return [i * 2];
      },
      { distribute: true },
    )
    .addNode('join', (xs: number[]) => xs.reduce((a, b) => a + b, 0))
    .addEdge(START, 'plan')
    .addBranch('plan', (items: number[]) => items.map((i) => send('task', i, String(i))), ['task'])
    .addEdge('task', 'join')
    .addEdge('join', END);
}

/** What a map of `width` answers: the sum of 2i. */
export const mapAnswer = (width: number): number => width * (width - 1);

/** Throughput: 3 I/O-bound nodes. Overhead: 1 and 10 trivial nodes. Distributed steps: a 200-wide map, I/O-bound or trivial. */
export const queueTargets = {
  sleepy: line('sleepy', 3, LATENCY_MS).compile(),
  trivial1: line('trivial1', 1, 0).compile(),
  trivial10: line('trivial10', 10, 0).compile(),
  wideSleepy: map('wideSleepy', MAP_WIDTH, LATENCY_MS).compile(),
  wideTrivial: map('wideTrivial', MAP_WIDTH, 0).compile(),
};
