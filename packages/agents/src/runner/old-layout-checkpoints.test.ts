import { readFileSync } from 'node:fs';
import { decodeCheckpoint, MemoryStore, type CheckpointEntry } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, checkpointHandle, Runner, tool } from '../index.ts';

/**
 * Two threads written by @weft/agents before a ReAct turn was two steps (a
 * turn was model → tools → `Billing:after`, which routed it), by the same
 * Billing agent as below: `approval` waits at the refund's approval, and
 * `refund` went on to the end. Their entries are the stored bytes as that
 * version wrote them.
 */
const OLD: {
  graph: { name: string; hash: string };
  threads: Record<string, (Omit<CheckpointEntry, 'bytes'> & { bytes: string })[]>;
} = JSON.parse(readFileSync(new URL('../test-support/old-layout-threads.json', import.meta.url), 'utf8'));

/** A store holding the old thread's first `count` entries (all by default), exactly as written. */
async function storeWith(threadId: string, count?: number): Promise<MemoryStore> {
  const store = new MemoryStore();
  for (const e of OLD.threads[threadId]!.slice(0, count)) await store.put({ ...e, bytes: new Uint8Array(Buffer.from(e.bytes, 'base64')) });
  return store;
}

/** An old entry's record, decoded by today's codec (the format did not change). */
const decoded = (e: { id: string; bytes: string }) => decodeCheckpoint(new Uint8Array(Buffer.from(e.bytes, 'base64')), `"${e.id}"`);

/** Every stored entry of the thread, bytes included, to compare before and after. */
const stored = async (store: MemoryStore, threadId: string) =>
  (await store.list(threadId)).map((e) => ({ ...e, bytes: Buffer.from(e.bytes).toString('base64') }));

/** The same agent as the one that wrote the old threads, counting model calls and refunds. */
function billing(refunds: number[]) {
  const refund = tool<{ amount: number }>({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    needsApproval: true,
    execute: ({ amount }) => (refunds.push(amount), `refunded ${amount}`),
  });
  const model = scriptedModel([{ text: 'Refunded 30.' }]);
  return { agent: chatModelAgent({ name: 'Billing', description: 'Refunds orders.', model, tools: [refund] }), model };
}

const refusal = (checkpointId: string, newHash: string) => ({
  code: 'CHECKPOINT_GRAPH_MISMATCH',
  message: [
    `thread "refund" was written by another version of graph "agents:Billing" (structure ${OLD.graph.hash}; this is ${newHash}) that this version cannot continue as it is:`,
    '- the next task runs node "Billing:after", which this version does not have',
    'no registered migration starts at its version: register one (migration({ from, to, … })), or run it with the version that wrote it',
  ].join('\n'),
  details: {
    checkpointId,
    status: 'blocked',
    expected: { name: 'agents:Billing', hash: newHash },
    found: { name: 'agents:Billing', hash: OLD.graph.hash },
  },
});

describe('checkpoints written when a ReAct turn was three steps', () => {
  it('the fixture is what it says: the old graph, its heads pending at the tools node and at Billing:after', () => {
    const records = Object.values(OLD.threads).flat().map(decoded);
    expect(new Set(records.map((r) => `${r.graph} ${r.hash}`))).toEqual(new Set([`agents:Billing ${OLD.graph.hash}`]));
    const frontiers = (id: string) => OLD.threads[id]!.map((e) => decoded(e).frontier);
    expect(
      frontiers('approval')
        .at(-1)!
        .map((t) => t.node),
    ).toEqual(['Billing:tools']);
    expect(frontiers('refund').map((f) => f.map((t) => t.node).join(','))).toEqual([
      'run:start',
      'Billing',
      'Billing:tools',
      'Billing:tools',
      'Billing:tools',
      'Billing:after',
      'Billing',
      '',
    ]);
    const refunds: number[] = [];
    expect(new Runner({ agent: billing(refunds).agent }).graph.hash).not.toBe(OLD.graph.hash);
  });

  it('a run stopped with Billing:after pending is refused with CHECKPOINT_GRAPH_MISMATCH; nothing runs, nothing is written', async () => {
    // The process stopped right after the turn's tools step: its head is the 6th entry, Billing:after to run next.
    const store = await storeWith('refund', 6);
    const before = await stored(store, 'refund');
    const head = OLD.threads['refund']![5]!;
    const refunds: number[] = [];
    const { agent, model } = billing(refunds);
    const runner = new Runner({ agent, store });

    const events: unknown[] = [];
    const run = runner.resume(checkpointHandle('refund', head.id));
    const consumed = (async () => {
      for await (const e of run) events.push(e);
    })();
    await expect(run).rejects.toMatchObject(refusal(head.id, runner.graph.hash));
    await expect(consumed).rejects.toMatchObject({ code: 'CHECKPOINT_GRAPH_MISMATCH' });
    expect(events).toEqual([]);
    expect(model.calls).toHaveLength(0);
    expect(refunds).toEqual([]);
    expect(await stored(store, 'refund')).toEqual(before);
    expect(await store.threadLease('refund')).toBeUndefined();
  });

  it('an approval the old version waits for resumes: the tools node it waits at is still there, at the same address', async () => {
    const store = await storeWith('approval');
    const before = await stored(store, 'approval');
    const head = OLD.threads['approval']!.at(-1)!;
    const refunds: number[] = [];
    const { agent, model } = billing(refunds);
    const runner = new Runner({ agent, store });
    const interrupt = decoded(head).interrupts[0]!;
    expect(interrupt.id).toBe('agent:Billing/tool:refund:r1#0');
    expect(await runner.graph.checkThread('approval')).toMatchObject({ status: 'compatible', reasons: [] });

    const done = await runner.resume(checkpointHandle('approval', head.id), { resume: { [interrupt.id]: { approved: true } } });
    expect(done).toMatchObject({ status: 'done', finalOutput: 'Refunded 30.' });
    expect(refunds).toEqual([30]);
    expect(model.calls).toHaveLength(1);
    // The old entries stay as they were; the continuation is written after them.
    expect((await stored(store, 'approval')).slice(-before.length)).toEqual(before);
  });

  it('a finished conversation continues with a new query, its old turns read as history', async () => {
    const store = await storeWith('refund');
    const before = await stored(store, 'refund');
    const refunds: number[] = [];
    const { agent, model } = billing(refunds);
    const runner = new Runner({ agent, store });

    expect((await runner.graph.getState('refund')).status).toBe('done');
    const next = await runner.query('and order 8?', { threadId: 'refund' });
    expect(next).toMatchObject({ status: 'done', finalOutput: 'Refunded 30.' });
    expect(model.calls).toHaveLength(1);
    // The model sees the old turn (query, tool call, result, answer), then the new query.
    expect(model.calls[0]!.messages).toEqual([
      { role: 'user', content: 'refund order 7' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'r1', name: 'refund', arguments: '{"amount":30}' }] },
      { role: 'tool', content: 'refunded 30', toolCallId: 'r1', name: 'refund' },
      { role: 'assistant', content: 'Refunded 30.' },
      { role: 'user', content: 'and order 8?' },
    ]);
    expect(refunds).toEqual([]);
    expect((await stored(store, 'refund')).slice(-before.length)).toEqual(before);
  });
});
