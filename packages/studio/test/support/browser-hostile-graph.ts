/**
 * A compiled graph whose every string a page could show is markup that would
 * set `window.__pwned` if the page ever parsed it as HTML: a node name, the
 * node's output, the state, an interrupt's info, its resume schema's field
 * name, the graph's name; and an answer the server refuses.
 */
import { END, graph, interrupt, START } from '@weft/graph';
import { z } from 'zod';

export const PWN_IMG = '<img src=x onerror="window.__pwned=1">';
export const PWN_SCRIPT = '<script>window.__pwned=2</script>';
export const PWN_LINK = 'javascript:window.__pwned=3';
/** A node name (no "/": node names may not hold one). */
export const PWN_NODE = '<img src=x onerror="window.__pwned=4">';
/** A thread id the test writes straight into the store. */
export const PWN_THREAD = '<svg onload="window.__pwned=5">';

/** `<img …>` node → `ask` (an interrupt with a one-field form whose field is named with markup) → END. */
export function hostileGraph() {
  return graph<string, unknown, { notes: string[] }>({ name: `hostile ${PWN_IMG}`, state: () => ({ notes: [] }) })
    .addNode(PWN_NODE, (input: string, ctx) => {
      ctx.update((s) => void s.notes.push(`${input} ${PWN_SCRIPT}`));
      return `${PWN_SCRIPT} ${PWN_LINK}`;
    })
    .addNode('ask', (said: string) => {
      // The refinement has no JSON Schema: the page's check lets "no" through and the server refuses it (RESUME_INVALID).
      const resume = z.object({ [PWN_IMG]: z.string().refine((s) => s !== 'no', 'anything but "no"') });
      const answer = interrupt({ said, question: PWN_IMG, link: PWN_LINK }, { resume });
      return { said, answer };
    })
    .addEdge(START, PWN_NODE)
    .addEdge(PWN_NODE, 'ask')
    .addEdge('ask', END)
    .compile();
}
