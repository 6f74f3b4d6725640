/**
 * fetch → charge, where `charge` throws while a file `node-down` exists in
 * the current folder, so the run fails there. Each node appends its name to
 * `ran.txt` in the current folder when it starts: a test sees what a resume
 * runs again. Files, not environment variables, so that a command the CLI
 * prints runs as printed.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { END, START, graph as defineGraph } from '@weft/graph';

export const graph = defineGraph<string, string>({ name: 'failing' })
  .addNode('fetch', (input: string) => (appendFileSync('ran.txt', 'fetch\n'), `${input} fetched`))
  .addNode('charge', (input: string) => {
    appendFileSync('ran.txt', 'charge\n');
    if (existsSync('node-down')) throw new Error('payment service unreachable');
    return `${input}, charged`;
  })
  .addEdge(START, 'fetch')
  .addEdge('fetch', 'charge')
  .addEdge('charge', END)
  .compile();
