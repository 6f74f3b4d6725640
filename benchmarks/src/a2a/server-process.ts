/**
 * Row (e)'s server, in a process of its own (child-host.ts starts it):
 *   node --import tsx server-process.ts   (NODE_OPTIONS with the parent's @weft/source condition, or without)
 * Each `serve` line on stdin starts one more serveA2A() of the answering
 * agent on 127.0.0.1 (a fresh port) and prints `url <url>`; the servers
 * close, and the process ends, when stdin closes.
 */
import { createInterface } from 'node:readline';
import { serveA2A, type ServedA2a } from '@weft/a2a';
import { MemoryStore } from '@weft/graph';
import { answerAgent } from './answer-agent.ts';

const agent = answerAgent();
const store = new MemoryStore();
const served: ServedA2a[] = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'serve') throw new Error(`server-process.ts: unknown command "${line}" (it takes "serve")`);
  const s = await serveA2A(agent, { store });
  served.push(s);
  console.log(`url ${s.url}`);
}
await Promise.all(served.map((s) => s.close()));
