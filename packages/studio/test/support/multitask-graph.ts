import { END, graph, START } from '@weft/graph';
import { z } from 'zod';

/** A gate a node waits at until the test opens it. */
export function held() {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { open, passed };
}

/**
 * think → act, each counting its run in `effects` and logging to the state;
 * `think` of the input 'A' waits at the gate: a run the test holds in its
 * first step while it sends another input for the thread.
 */
export function multitaskGraph(effects: string[], gate: { passed: Promise<void> }) {
  return graph({ name: 'chat', input: z.string(), output: z.string(), state: z.object({ log: z.array(z.string()).default([]) }) })
    .addNode('think', async (x: string, ctx) => {
      effects.push(`think:${x}`);
      if (x === 'A') await gate.passed;
      ctx.update((s) => void s.log.push(`thought:${x}`));
      return x;
    })
    .addNode('act', (x: string, ctx) => {
      effects.push(`act:${x}`);
      ctx.update((s) => void s.log.push(`did:${x}`));
      return x;
    })
    .addEdge(START, 'think')
    .addEdge('think', 'act')
    .addEdge('act', END)
    .compile();
}
