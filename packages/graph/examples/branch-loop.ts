/**
 * The @weft/graph demo: a drafting loop (a branch that loops back until the
 * draft is good enough), then a human approval (an interrupt), then a resume —
 * from a freshly compiled graph, as a new process would — printing every event.
 *
 *   npx tsx examples/branch-loop.ts
 */
import { MemoryStore, type GraphEvent } from '../src/index.ts';
import { writeReviewPublish as build } from './write-review-publish.ts';

function show(e: GraphEvent): void {
  const at = `  step ${e.step}`.padEnd(10);
  switch (e.type) {
    case 'node.end':
      return console.log(`${at}${e.node.padEnd(8)} → ${JSON.stringify(e.output)}`);
    case 'state.patch':
      return console.log(`${at}state    ${e.patches.map((p) => `${p.op} ${p.path.join('.')}=${JSON.stringify(p.value)}`).join(', ')}`);
    case 'interrupt':
      return console.log(`${at}INTERRUPT ${e.interrupts.map((i) => `${i.id} ${JSON.stringify(i.info)}`).join('; ')}`);
    case 'run.end':
      return console.log(`${at}run.end  ${e.status}`);
    case 'checkpoint.write':
      return console.log(`${at}checkpoint #${e.seq} (${e.bytes} bytes, ${e.snapshot ? 'snapshot' : 'patches'})`);
    default:
      return;
  }
}

const store = new MemoryStore();
console.log('run 1: write → review ⟲ until the score is high enough, then ask for approval');
const first = build(store).run('graphs', { threadId: 'demo' });
first.subscribe(show);
const paused = await first;
console.log(`→ ${paused.status}; waiting on ${paused.interrupts.map((i) => i.id).join(', ')}\n`);

console.log('run 2: a freshly compiled graph resumes the thread with the answer');
const second = build(store).resume({ threadId: 'demo', resume: { [paused.interrupts[0]!.id]: { approved: true, by: 'ada' } } });
second.subscribe(show);
const done = await second;
console.log(`→ ${done.status}: ${done.output}`);
console.log(`→ state: ${JSON.stringify(done.state)}\n`);

console.log('history (newest first):');
for await (const cp of build(store).history('demo')) {
  console.log(
    `  #${cp.seq} step ${cp.step} ${cp.status.padEnd(11)} ${cp.source.padEnd(6)} next: ${cp.frontier.map((f) => f.node).join(', ') || '—'}`,
  );
}
