/**
 * The graph of the @weft/graph demo (branch-loop.ts): write → review, looping
 * back to write until the review scores the draft high enough, then a person
 * approves (an interrupt) and it is published. Also drawn by @weft/viz's tests.
 */
import { END, START, graph, interrupt, type CheckpointStore, type CompiledGraph } from '../src/index.ts';

export interface Draft {
  text: string;
  score: number;
}
export interface State {
  revisions: number;
  notes: string[];
}

export function writeReviewPublish(store?: CheckpointStore): CompiledGraph<string, string, State> {
  return graph<string, string, State>({ name: 'write-review-publish', state: () => ({ revisions: 0, notes: [] }) })
    .addNode('write', (topic: string | Draft, ctx) => {
      const text = typeof topic === 'string' ? `A note on ${topic}.` : `${topic.text} More detail.`;
      ctx.update((s) => void (s.revisions += 1));
      return text;
    })
    .addNode('review', (text: string, ctx): Draft => {
      const score = text.split(' ').length;
      ctx.update((s) => void s.notes.push(`score ${score}`));
      return { text, score };
    })
    .addNode('approve', (draft: Draft) => {
      const answer = interrupt<{ approved: boolean; by: string }>({ question: 'Publish this?', draft: draft.text });
      return answer.approved ? `${draft.text} (approved by ${answer.by})` : 'rejected';
    })
    .addNode('publish', (text: string) => `PUBLISHED: ${text}`)
    .addEdge(START, 'write')
    .addEdge('write', 'review')
    .addBranch('review', (d) => (d.score < 9 ? 'write' : 'approve'), ['write', 'approve'])
    .addEdge('approve', 'publish')
    .addEdge('publish', END)
    .compile(store ? { store } : {});
}
