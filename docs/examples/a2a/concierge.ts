/**
 * The support system served over A2A, and a small second agent that calls it:
 *   node --import tsx docs/examples/a2a/concierge.ts
 * The support agent (docs/examples/support) is served with serveA2A on a
 * free loopback port, with a bearer token, as `weft a2a
 * docs/examples/support/support.ts` would serve it. The concierge, a Weft
 * agent of its own, knows Support only by URL (a2aAgent) and transfers
 * the customer's request to it; when Support asks for an approval, the
 * question comes back as an interrupt of the concierge's run, and the
 * approval goes back to the same remote task.
 * Scripted models offline, as the support example's.
 */
import { randomBytes } from 'node:crypto';
import { a2aAgent, serveA2A } from '@weft/a2a';
import { chatModelAgent, Runner, withSubAgents } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { agent as support, exampleQuery, sessionValues } from '../support/support.ts';

const token = randomBytes(16).toString('hex');
const served = await serveA2A(support, { port: 0, token, sessionValues });
console.log(`support served over A2A (skills: ${served.card.skills.map((s) => s.name).join(', ')})`);

const remote = await a2aAgent({ url: served.url, headers: { authorization: `Bearer ${token}` } });
const concierge = chatModelAgent({
  name: 'Concierge',
  description: 'Greets customers and hands their requests to the right team',
  model: scriptedModel([{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: remote.name } }] }]),
});
const runner = new Runner({ agent: withSubAgents(concierge, [remote]), store: new MemoryStore() });

let run = await runner.query(exampleQuery, { threadId: 'customer-42' });
while (run.status === 'interrupted') {
  const pending = run.interrupts[0]!;
  // The remote's input-required: its status text, and its interrupts (info, resume schema) as data.
  const asked = pending.info as { data: { interrupts?: { info: unknown }[] }[] };
  console.log(`${remote.name} asks to approve: ${JSON.stringify(asked.data[0]?.interrupts?.[0]?.info)}`);
  run = await runner.resume(run.checkpointId!, { resume: { [pending.id]: { approved: true } } });
}
console.log(`${run.status}: ${run.status === 'done' ? String(run.finalMessage.content) : run.error?.message}`);
await served.close();
