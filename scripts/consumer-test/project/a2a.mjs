// Runs in the consumer project with plain `node`: @weft/a2a as a user installs
// it (its SDK, express and kysely from npm, better-sqlite3 found beside it).
//
//   node a2a.mjs <folder>
//
// A support agent whose refund needs approval is served over A2A, its threads
// and its A2A tasks in one SQLite file (databaseTaskStore creates the task
// table). A desk agent calls it by URL; the remote approval comes back as an
// interrupt of the desk's run, and the resume answers the same remote task:
// the refund runs once. Every assertion failure exits non-zero.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { a2aAgent, databaseTaskStore, serveA2A } from '@weft/a2a';
import { Runner, chatModelAgent, tool } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { SqliteStore } from '@weft/store-sqlite';

const file = join(process.argv[2], 'a2a.db');
const refunds = [];
const refund = tool({
  name: 'refund',
  description: 'Refunds an order.',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  needsApproval: true,
  execute: ({ order }) => (refunds.push(order), `refunded ${order}`),
});
const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Order A1 is refunded.' }]);
const support = chatModelAgent({ name: 'Support', description: 'Refunds orders.', model, tools: [refund] });

const tasks = await databaseTaskStore({ sqlite: file });
const served = await serveA2A(support, { store: new SqliteStore({ path: file }), taskStore: tasks.taskStore, token: 'consumer' });
try {
  const remote = await a2aAgent({ url: served.url, headers: { authorization: 'Bearer consumer' } });
  const desk = new Runner({ agent: remote, store: new MemoryStore() });
  const asked = await desk.query('Refund order A1', { threadId: 'desk' });
  assert.equal(asked.status, 'interrupted');
  assert.equal(asked.interrupts[0].info.state, 'input-required');
  assert.deepEqual(refunds, []);
  const done = await desk.resume(asked.checkpointId, { resume: { [asked.interrupts[0].id]: { approved: true } } });
  assert.equal(done.status, 'done');
  assert.equal(done.finalMessage.content, 'Order A1 is refunded.');
  assert.deepEqual(refunds, ['A1']);
  console.log(`a2a ok: ${served.card.name} answered "${done.finalMessage.content}", refunded ${refunds.length} time`);
} finally {
  await served.close();
  await tasks.close();
}
