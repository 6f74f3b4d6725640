import { describe, expect, it } from 'vitest';
import { MemoryStore, migration } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { chatModelAgent } from '../agents/chat-model-agent.ts';
import { withSubAgents } from '../agents/transfer.ts';
import { tool } from '../tools/tool.ts';
import { Runner } from './runner.ts';

/** A clerk whose refund tool caps refunds: 100 before the patch, 200 for threads that start after it. */
function clerk(name = 'Clerk') {
  const refund = tool<{ amount: number }>({
    name: 'refund',
    description: 'Refunds an amount; a person approves it.',
    parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    needsApproval: true,
    execute: ({ amount }, ctx) => {
      const limit = ctx.patched('refund-limit-200') ? 200 : 100;
      return amount <= limit ? `refunded ${amount}` : `refused: ${amount} is over the limit of ${limit}`;
    },
  });
  const model = scriptedModel(
    [
      (m) =>
        m.some((x) => x.role === 'tool')
          ? { text: String(m.findLast((x) => x.role === 'tool')?.content) }
          : { toolCalls: [{ id: `c${m.length}`, name: 'refund', arguments: { amount: 150 } }] },
    ],
    { repeatLast: true },
  );
  return chatModelAgent({ name, description: 'Refunds.', instruction: 'Refund what is asked.', model, tools: [refund] });
}

describe('Runner({ versions })', () => {
  it('labels the agent graph and gives tools ctx.patched: a thread paused before the patch keeps the old behaviour after the deploy', async () => {
    const store = new MemoryStore();
    const before = new Runner({ agent: clerk(), store, versions: { version: 'clerk-1' } });
    const paused = await before.query('Refund 150, please.', { threadId: 'old' });
    expect(paused.status).toBe('interrupted');

    const after = new Runner({ agent: clerk(), store, versions: { version: 'clerk-2', patches: ['refund-limit-200'] } });
    expect(after.graph.version).toBe('clerk-2');
    expect(await after.graph.checkThread('old')).toMatchObject({
      status: 'compatible',
      from: { version: 'clerk-1' },
      to: { version: 'clerk-2' },
    });
    const id = paused.interrupts[0]!.id;
    const old = await after.resume(paused.checkpointId!, { resume: { [id]: { approved: true } } });
    expect(old).toMatchObject({ status: 'done', finalOutput: 'refused: 150 is over the limit of 100' });

    const fresh = await after.query('Refund 150, please.', { threadId: 'new' });
    const done = await after.resume(fresh.checkpointId!, { resume: { [fresh.interrupts[0]!.id]: { approved: true } } });
    expect(done).toMatchObject({ status: 'done', finalOutput: 'refunded 150' });
  });

  it('refuses a migration that renames an agent’s nodes but leaves its activation behind, before writing anything', async () => {
    const store = new MemoryStore();
    const desk = (billing: string) => {
      const transfer = scriptedModel(
        [
          (m) =>
            m.some((x) => x.role === 'tool')
              ? { text: 'ok' }
              : { toolCalls: [{ id: 'd1', name: 'transfer_to_agent', arguments: { agent_name: billing } }] },
        ],
        { repeatLast: true },
      );
      return withSubAgents(chatModelAgent({ name: 'Desk', description: 'Front desk.', model: transfer }), [clerk(billing)]);
    };
    const v1 = new Runner({ agent: desk('Clerk'), store, versions: { version: 'd1' } });
    const paused = await v1.query('Refund 150, please.', { threadId: 't' });
    expect(paused.status).toBe('interrupted');
    const before = await store.list('t');
    const rename = migration({
      from: 'd1',
      to: 'd2',
      nodes: { Clerk: 'Refunds', 'Clerk:tools': 'Refunds:tools' },
      interrupts: { 'agent:Desk/agent:Clerk': 'agent:Desk/agent:Refunds' },
    });
    const v2 = new Runner({ agent: desk('Refunds'), store, versions: { version: 'd2', migrations: [rename], onGraphMismatch: 'migrate' } });
    await expect(v2.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } })).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
      message: expect.stringContaining(
        'the task at "Refunds:tools" continues agent "Refunds", which has no activation in the thread\'s state (a migration must give it one: agents.Refunds)',
      ) as string,
    });
    expect(await store.list('t')).toEqual(before);
  });
});
