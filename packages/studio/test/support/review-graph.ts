import { END, graph, interrupt, MemoryStore, START } from '@weft/graph';
import { z } from 'zod';
import { serveStudio, type ServeStudioOptions } from '../../src/index.ts';

/** What the review graph's nodes did, counted: the side effects a test checks. */
export interface Effects {
  written: string[];
  published: string[];
}

/**
 * write → approve (interrupts for a boolean) → publish, which waits for the
 * test's `gate` before it publishes: a run the test holds inside a node.
 */
export function reviewGraph(effects: Effects, gate: { wait: Promise<void> }) {
  return graph({
    name: 'review',
    input: z.string(),
    output: z.string(),
    state: z.object({ drafts: z.number().default(0), note: z.string().default('') }),
  })
    .addNode('write', (topic: string, ctx) => {
      effects.written.push(topic);
      ctx.update((s) => void s.drafts++);
      return `On ${topic}`;
    })
    .addNode('approve', (text: string) => (interrupt({ text }, { resume: z.boolean() }) ? text : 'rejected'))
    .addNode('publish', async (text: string, ctx) => {
      await gate.wait;
      effects.published.push(`${text}${ctx.state.note ? ` (${ctx.state.note})` : ''}`);
      return text;
    })
    .addEdge(START, 'write')
    .addEdge('write', 'approve')
    .addEdge('approve', 'publish')
    .addEdge('publish', END)
    .compile();
}

/** A gate that is open unless the test closes it. */
export function gate() {
  let open!: () => void;
  const g = { wait: Promise.resolve(), close: () => void (g.wait = new Promise<void>((resolve) => (open = resolve))), open: () => open() };
  return g;
}

/** A studio on the review graph over a fresh MemoryStore, on a free port, and a JSON client for it. */
export async function reviewStudio(options: Partial<ServeStudioOptions> = {}) {
  const effects: Effects = { written: [], published: [] };
  const g = gate();
  const store = new MemoryStore();
  const served = await serveStudio({ target: reviewGraph(effects, g), store, port: 0, ...options });
  const url = (path: string) => new URL(path, served.url).href;
  const call = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit =
      body === undefined
        ? { headers }
        : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
    const res = await fetch(url(path), init);
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: type.includes('json') ? ((await res.json()) as any) : await res.text() };
  };
  return { served, store, effects, gate: g, url, call };
}
