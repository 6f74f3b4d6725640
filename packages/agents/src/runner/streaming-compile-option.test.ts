import { MemoryStore } from '@weft/graph';
import type { ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { approvalBilling } from '../test-support/approval-billing.ts';
import { Runner } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const REFUND: ScriptItem = { toolCalls: [{ name: 'refund', arguments: { amount: 30 }, id: 'r1' }] };

/** The billing agent whose refund needs approval; `script` is what its model answers in this process. */
const billing = approvalBilling;

describe('streaming is decided when the Runner compiles', () => {
  it('a thread started by a streaming Runner is resumed by one that does not stream, and nothing of it is in the checkpoints', async () => {
    const store = new MemoryStore();
    const streaming = new Runner({ agent: billing([REFUND]), store, streaming: true });
    const plain = new Runner({ agent: billing([{ text: 'Refunded 30.' }]), store });
    expect(streaming.graph.hash).toBe(plain.graph.hash);
    const annotation = (r: Runner) => r.graph.toJSON().nodes.find((n) => n.id === 'Billing')?.annotations?.['streaming'];
    expect(annotation(streaming)).toBe(true);
    expect(annotation(plain)).toBeUndefined();

    const paused = await streaming.query('refund order 7', { threadId: 't' });
    expect(paused.status).toBe('interrupted');
    expect(paused.events.map((e) => e.type)).toEqual(['chunk', 'message', 'interrupt']);
    const done = await plain.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });

    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual(['Billing [Billing] | tool refund: refunded 30', 'Billing [Billing] | assistant: Refunded 30.']);
    const contexts = [];
    for await (const view of plain.graph.history('t')) contexts.push(view.context);
    expect(contexts.length).toBeGreaterThan(4);
    expect(contexts.filter((c) => 'streaming' in c)).toEqual([]);
  });
});
