import { graph, START, END, MemoryStore, interrupt } from '../src/index.ts';
const store = new MemoryStore();
const g = graph<number, number, { seen: number[] }>({ name: 'count', state: () => ({ seen: [] }) })
  .addNode('inc', (n: number, ctx) => { ctx.update((s) => { s.seen.push(n); }); return n + 1; })
  .addNode('ask', (n: number) => { const ok = interrupt<boolean>({ question: `continue at ${n}?` }); return ok ? n : -1; })
  .addEdge(START, 'inc')
  .addBranch('inc', (n) => (n < 3 ? 'inc' : 'ask'), ['inc', 'ask'])
  .addEdge('ask', END)
  .compile({ store });
const run = g.run(0, { threadId: 't1' });
run.subscribe((e) => console.log(e.type, e.step, 'node' in e ? e.node : ''));
const res = await run;
console.log(res.status, res.interrupts, res.state);
const r2 = await g.resume({ threadId: 't1', resume: { [res.interrupts[0]!.id]: true } });
console.log(r2.status, r2.output, r2.state);
for await (const cp of g.history('t1')) console.log(cp.seq, cp.step, cp.status, cp.source, cp.frontier.map(f=>f.node), JSON.stringify(cp.state));
