/**
 * Four nodes in a row (a → b → c → d), each appending its name to the file
 * $WEFT_TEST_COUNT_FILE when it starts, so a test counts how often each
 * node ran across processes. The node named by $WEFT_TEST_BLOCK_IN, once it
 * has counted itself, emits `{ entered: <name> }` (a node.custom event: the
 * test then knows this process is inside that node) and waits for a line on
 * stdin; the test lets it go on, or kills it.
 */
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { END, START, graph as defineGraph, type NodeContext } from '@weft/graph';

function counted(name: string) {
  return async (input: string, ctx: NodeContext<undefined>): Promise<string> => {
    const file = process.env['WEFT_TEST_COUNT_FILE'];
    if (file) appendFileSync(file, `${name}\n`);
    if (process.env['WEFT_TEST_BLOCK_IN'] === name) {
      ctx.emit({ entered: name });
      await oneLineOfStdin();
    }
    return `${input}${name}`;
  };
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

export const graph = defineGraph<string, string>({ name: 'counting' })
  .addNode('a', counted('a'))
  .addNode('b', counted('b'))
  .addNode('c', counted('c'))
  .addNode('d', counted('d'))
  .addEdge(START, 'a')
  .addEdge('a', 'b')
  .addEdge('b', 'c')
  .addEdge('c', 'd')
  .addEdge('d', END)
  .compile();
