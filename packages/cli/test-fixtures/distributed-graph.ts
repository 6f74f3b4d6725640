/**
 * plan → work → join, where `work` is distributed: each item is a task that
 * any worker of the queue may run (its task queue), and join gets the
 * results in order. A task prints `task <item> · pid <pid>` on its process's
 * stdout when it starts, so a test sees which worker took it; with
 * $WEFT_TEST_HOLD set, the first task of the process then waits for a line
 * on stdin, holding that worker's one task slot.
 */
import { createInterface } from 'node:readline';
import { END, START, graph as defineGraph, send } from '@weft/graph';

let held = false;

async function work(item: string): Promise<string[]> {
  process.stdout.write(`task ${item} · pid ${process.pid}\n`);
  if (process.env['WEFT_TEST_HOLD'] && !held) {
    held = true;
    await oneLineOfStdin();
  }
  return [item.toUpperCase()];
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

export const graph = defineGraph<string[], string[]>({ name: 'shout' })
  .addNode('plan', (items: string[]) => items)
  .addNode('work', work, { distribute: true })
  .addNode('join', (results: string[]) => results)
  .addEdge(START, 'plan')
  .addBranch('plan', (items) => items.map((item) => send('work', item, item)), ['work'])
  .addEdge('work', 'join')
  .addEdge('join', END)
  .compile();
