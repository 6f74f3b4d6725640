import { END, graph, interrupt, START, type CheckpointStore } from '@weft/graph';

/**
 * The graph the race tests resume: `ask` interrupts for an answer, `finish`
 * records who answered. One interrupt id: 'ask#0'.
 */
export function raceGraph(store: CheckpointStore) {
  return graph<string, string, { answeredBy: string[] }>({ name: 'race', state: () => ({ answeredBy: [] }) })
    .addNode('ask', (question: string, ctx) => {
      const answer = interrupt<string>({ question });
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
