import { appendFileSync } from 'node:fs';
import type { CheckpointStore } from '@weft/checkpoint';
import { END, graph, interrupt, START } from '@weft/graph';

/**
 * The graph the race tests resume: `ask` interrupts for an answer, `finish`
 * records who answered. One interrupt id: 'ask#0'. With `sideEffects`, `ask`
 * also appends `<question> -> <answer>` to that file once it has its answer:
 * a real effect, counted outside the store, that a second runner must never
 * repeat.
 */
export function raceGraph(store: CheckpointStore, sideEffects?: string) {
  return graph<string, string, { answeredBy: string[] }>({ name: 'race', state: () => ({ answeredBy: [] }) })
    .addNode('ask', (question: string, ctx) => {
      const answer = interrupt<string>({ question });
      if (sideEffects !== undefined) appendFileSync(sideEffects, `${question} -> ${answer}\n`);
      ctx.update((s) => {
        s.answeredBy.push(answer);
      });
      return `${question} -> ${answer}`;
    })
    .addNode('finish', (text: string) => `${text} (done)`)
    .addEdge(START, 'ask')
    .addEdge('ask', 'finish')
    .addEdge('finish', END)
    .compile({ store });
}
