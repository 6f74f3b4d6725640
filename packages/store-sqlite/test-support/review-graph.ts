import { graph, interrupt, START, END, type CompiledGraph } from '@weft/graph';
import type { SqliteStore } from '../src/sqlite-store.ts';

export const REVIEW_THREAD = 'review';

/**
 * draft → review (asks for a verdict: an interrupt) → END. `onStart` sees
 * every start of `review`, including the one that stopped at the interrupt.
 */
export function reviewGraph(store: SqliteStore, onStart: () => void = () => undefined): CompiledGraph<string, string, { log: string[] }> {
  return graph<string, string, { log: string[] }>({ name: 'review', state: () => ({ log: [] }) })
    .addNode('draft', (x: string, ctx) => (ctx.update((s) => void s.log.push('draft')), `${x}+d`))
    .addNode('review', (x: string, ctx) => {
      onStart();
      const verdict = interrupt<string>('verdict?');
      ctx.update((s) => void s.log.push(`review:${verdict}`));
      return `${x}+${verdict}`;
    })
    .addEdge(START, 'draft')
    .addEdge('draft', 'review')
    .addEdge('review', END)
    .compile({ store });
}
