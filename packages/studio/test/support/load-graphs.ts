import { END, graph, interrupt, MemoryStore, START } from '@weft/graph';
import { z } from 'zod';
import { serveStudio, type ServeStudioOptions } from '../../src/index.ts';
import { gate } from './review-graph.ts';

/**
 * hold: its one node records its input, then waits for the test's gate: a run
 * that stays under way (holding its admission slot) until the test opens it.
 */
export function heldGraph(seen: { started: string[]; done: string[] }, g: { wait: Promise<void> }) {
  return graph({ name: 'hold', input: z.string(), output: z.string() })
    .addNode('work', async (text: string) => {
      seen.started.push(text);
      await g.wait;
      seen.done.push(text);
      return text;
    })
    .addEdge(START, 'work')
    .addEdge('work', END)
    .compile();
}

/**
 * chatter: once the gate opens, its node emits `count` custom events of about
 * `size` bytes each, `batch` at a time, letting the event loop turn between
 * batches (a follower that reads keeps up; one that does not falls behind).
 */
export function chatterGraph(count: number, size: number, batch: number, g: { wait: Promise<void> }) {
  return graph({ name: 'chatter', input: z.string(), output: z.number() })
    .addNode('talk', async (_: string, ctx) => {
      await g.wait;
      for (let i = 0; i < count; i++) {
        ctx.emit({ i, pad: 'x'.repeat(size) });
        if (i % batch === batch - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      return count;
    })
    .addEdge(START, 'talk')
    .addEdge('talk', END)
    .compile();
}

/** echo: takes any JSON value, interrupts, and ends with the value; a graph that stores whatever a client sends. */
export function echoGraph() {
  return graph({ name: 'echo', input: z.unknown(), output: z.unknown(), state: z.record(z.string(), z.unknown()) })
    .addNode('take', (value: unknown) => value)
    .addNode('ask', (value: unknown) => (interrupt({ value }) ? value : null))
    .addEdge(START, 'take')
    .addEdge('take', 'ask')
    .addEdge('ask', END)
    .compile();
}

/** A studio on the hold graph (a closed gate), on a free port, with a JSON client. */
export async function heldStudio(options: Partial<ServeStudioOptions> = {}) {
  const seen = { started: [] as string[], done: [] as string[] };
  const g = gate();
  g.close();
  const store = new MemoryStore();
  const served = await serveStudio({ target: heldGraph(seen, g), store, port: 0, ...options });
  const url = (path: string) => new URL(path, served.url).href;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  return { served, store, seen, gate: g, url, post };
}
