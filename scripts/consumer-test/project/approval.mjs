// Runs in the consumer project with plain `node` (no tsx, no TypeScript):
// what a JavaScript user of the published packages runs.
//
//   node approval.mjs start  <db>                       → one JSON line: the handles to resume
//   node approval.mjs resume <db> <graphThread> <agentCheckpointId>
//
// A graph and an agent run on one SQLite file, both stop at an interrupt in
// the first process, and a second process resumes both. Every assertion
// failure exits non-zero with node:assert's message.
import assert from 'node:assert/strict';
import { END, START, graph, interrupt } from '@weft/graph';
import { Runner, chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { SqliteStore } from '@weft/store-sqlite';

const [mode, path, graphThread, agentCheckpoint] = process.argv.slice(2);
assert.ok(mode === 'start' || mode === 'resume', 'usage: node approval.mjs start|resume <db> …');

const store = new SqliteStore({ path });
const executed = [];

const release = graph({ name: 'release', state: () => ({ log: [] }) })
  .addNode('build', (version, ctx) => {
    ctx.update((s) => void s.log.push(`built ${version}`));
    return `app-${version}.tgz`;
  })
  .addNode('approve', (artifact) => `${artifact} ${interrupt({ question: `Ship ${artifact}?` })}`)
  .addEdge(START, 'build')
  .addEdge('build', 'approve')
  .addEdge('approve', END)
  .compile({ store });

const refund = tool({
  name: 'refund',
  description: 'Refunds an amount to the customer.',
  parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
  needsApproval: ({ amount }) => amount > 20,
  execute: ({ amount }) => (executed.push(amount), `refunded ${amount}`),
});
// A new scripted model starts its script from the top: the resumed process gets the rest of it.
const script =
  mode === 'start' ? [{ toolCalls: [{ name: 'refund', arguments: { amount: 30 }, id: 'r1' }] }] : [{ text: 'Your refund is on its way.' }];
const runner = new Runner({
  agent: chatModelAgent({ name: 'Billing', description: 'Handles refunds.', model: scriptedModel(script), tools: [refund] }),
  store,
});

if (mode === 'start') {
  const paused = await release.run('1.4.0', { threadId: 'release-1' });
  assert.equal(paused.status, 'interrupted');
  assert.deepEqual(
    paused.interrupts.map((i) => [i.id, i.info]),
    [['approve#0', { question: 'Ship app-1.4.0.tgz?' }]],
  );
  assert.deepEqual(paused.state, { log: ['built 1.4.0'] });

  const asked = await runner.query('Refund my order', { threadId: 'billing-1' });
  assert.equal(asked.status, 'interrupted');
  assert.deepEqual(
    asked.interrupts.map((i) => [i.id, i.info]),
    [['agent:Billing/tool:refund:r1#0', { tool: 'refund', arguments: { amount: 30 } }]],
  );
  assert.deepEqual(executed, [], 'a tool that needs approval must not run before it is approved');
  console.log(JSON.stringify({ graphThread: paused.threadId, agentCheckpoint: asked.checkpointId }));
} else {
  const done = await release.resume({ threadId: graphThread, resume: { 'approve#0': 'shipped' } });
  assert.equal(done.status, 'done');
  assert.equal(done.output, 'app-1.4.0.tgz shipped');
  assert.deepEqual(done.state, { log: ['built 1.4.0'] }, 'the finished build node must not run again');

  const approved = await runner.resume(agentCheckpoint, { resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } } });
  assert.equal(approved.status, 'done', approved.error?.message);
  assert.deepEqual(
    approved.events.map((e) => [e.agentName, e.output?.role, e.output?.message?.content]),
    [
      ['Billing', 'tool', 'refunded 30'],
      ['Billing', 'assistant', 'Your refund is on its way.'],
    ],
  );
  assert.deepEqual(executed, [30]);
  const threads = (await store.threads()).map((t) => [t.threadId, t.status]).sort();
  assert.deepEqual(threads, [
    ['billing-1', 'done'],
    ['release-1', 'done'],
  ]);
  console.log(JSON.stringify({ graph: done.output, agent: approved.events.at(-1)?.output?.message?.content }));
}
await store.close();
