/**
 * One node that emits as many node.custom events as its input says, all at
 * once (each about 250 bytes), and returns that number. With
 * $WEFT_TEST_HOLD set, the first run of the process first waits for a line
 * on stdin: a test holds that run under way for as long as it needs, then
 * lets its events out in one burst.
 */
import { createInterface } from 'node:readline';
import { END, START, graph as defineGraph, type NodeContext } from '@weft/graph';

let held = false;

async function talk(count: number, ctx: NodeContext<undefined>): Promise<number> {
  if (process.env['WEFT_TEST_HOLD'] && !held) {
    held = true;
    await oneLineOfStdin();
  }
  for (let i = 0; i < count; i++) ctx.emit({ i, text: 'x'.repeat(200) });
  return count;
}

function oneLineOfStdin(): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin });
    lines.once('line', () => {
      lines.close();
      // Reading stdin must not keep the process alive once the run is over.
      process.stdin.destroy();
      resolve();
    });
  });
}

export const graph = defineGraph<number, number>({ name: 'chatter' })
  .addNode('talk', talk)
  .addEdge(START, 'talk')
  .addEdge('talk', END)
  .compile();
