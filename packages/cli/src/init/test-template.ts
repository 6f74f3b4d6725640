/** test/project.test.ts of a new project: the agent and the graph, with node:test (no test runner to install). */
export const TEST_TEMPLATE = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Runner } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { agent } from '../src/agent.ts';
import { graph } from '../src/graph.ts';

test('the agent asks before it books, and books once approved', async () => {
  const runner = new Runner({ agent, store: new MemoryStore() });
  const asked = await runner.query('Book two nights in Lisbon');
  assert.equal(asked.status, 'interrupted');
  const [approval] = asked.interrupts;
  assert.deepEqual(approval?.info, { tool: 'book_hotel', arguments: { city: 'Lisbon', nights: 2 } });

  const done = await runner.resume(asked.checkpointId!, { resume: { [approval!.id]: { approved: true } } });
  assert.equal(done.status, 'done');
  const answer = done.events.findLast((e) => e.output?.role === 'assistant')?.output?.message?.content;
  assert.equal(answer, 'Done: booked 2 nights in Lisbon.');
});

test('the graph prices an order, sends large ones to review, and refuses a quantity below 1', async () => {
  assert.deepEqual(await graph.run({ item: 'tea', quantity: 3 }).then((r) => [r.status, r.output]), ['done', '3 × tea: 36 EUR']);
  const large = await graph.run({ item: 'tea', quantity: 10 });
  assert.equal(large.output, '10 × tea: 120 EUR, waiting for a person to confirm');
  await assert.rejects(async () => graph.run({ item: 'tea', quantity: 0 }), { code: 'INPUT_INVALID' });
});
`;
