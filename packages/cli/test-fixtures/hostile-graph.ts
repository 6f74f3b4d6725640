/**
 * A graph whose data is hostile to terminals: its output, a custom event,
 * its interrupt's question and its failure carry escape sequences (clear
 * the screen, set the window title, a C1 CSI, a bidi override).
 */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';

export const HOSTILE = '\x1b[2J\x1b[H\x1b]0;pwned\x07\u009b31m\u202e';

export const graph = defineGraph<string, string>({ name: 'hostile' })
  .addNode('echo', (text: string, ctx) => {
    ctx.emit({ note: `custom ${HOSTILE}` });
    return `${text} ${HOSTILE}`;
  })
  .addNode('ask', (text: string) => {
    const answer = interrupt<{ fail?: boolean }>({ question: `approve ${HOSTILE}?` });
    if (answer.fail) throw new Error(`refused ${HOSTILE}\nsecond line`);
    return text;
  })
  .addEdge(START, 'echo')
  .addEdge('echo', 'ask')
  .addEdge('ask', END)
  .compile();
