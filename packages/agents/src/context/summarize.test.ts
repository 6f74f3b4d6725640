import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, parallel, Runner, summarize, tool, type AgentRunState, type Message } from '../index.ts';
import { summarize as eventLines } from '../test-support/summarize.ts';

const lookup = tool<{ n: number }>({
  name: 'lookup',
  description: 'Looks an order up.',
  parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  execute: ({ n }) => `order ${n}: paid`,
});
const refund = tool<{ n: number }>({
  name: 'refund',
  description: 'Refunds an order.',
  parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  needsApproval: true,
  execute: ({ n }) => `refunded ${n}`,
});
const call = (name: string, id: string, n: number) => ({ toolCalls: [{ id, name, arguments: { n } }] });
const SUMMARY = 'Summary of the conversation so far:\nThe user wants order 7 refunded; three lookups say it is paid.';
const shape = (messages: readonly Message[]) =>
  messages.map((m) => (m.role === 'tool' ? `tool ${m.toolCallId}` : `${m.role}${m.toolCalls ? ` → ${m.toolCalls[0]!.id}` : ''}`));

/**
 * Three lookups, then a refund that waits for approval. With a trigger of 6
 * messages and keepLast 2, the fourth model call is the first over it: the
 * summary replaces the user's request and the first two lookups.
 */
function refundAgent(laterSummaries: string[] = []) {
  const summaryModel = scriptedModel(
    ['The user wants order 7 refunded; three lookups say it is paid.', ...laterSummaries].map((text) => ({ text })),
    { name: 'small' },
  );
  const model = scriptedModel(
    [
      call('lookup', 'l1', 7),
      call('lookup', 'l2', 7),
      call('lookup', 'l3', 7),
      call('refund', 'r1', 7),
      { text: 'Refunded.' },
      { text: 'Not refunded.' },
    ],
    { name: 'big' },
  );
  const agent = chatModelAgent({
    name: 'Billing',
    description: '',
    instruction: 'Handle refunds.',
    model,
    tools: [lookup, refund],
    context: [summarize({ model: summaryModel, trigger: { messages: 6 }, keepLast: 2 })],
  });
  return { agent, model, summaryModel };
}

describe('summarize: older turns replaced by one recorded summary', () => {
  it('summarises once when the trigger fires; the summary is an event, and a resume after an interrupt reuses it', async () => {
    const { agent, model, summaryModel } = refundAgent();
    const store = new MemoryStore();
    const paused = await new Runner({ agent, store }).query('Refund order 7.');
    expect(paused.status).toBe('interrupted');
    expect(summaryModel.calls).toHaveLength(1);
    // The summary model read the replaced turns as a transcript.
    expect(summaryModel.calls[0]!.messages[1]!.content).toBe(
      'user: Refund order 7.\n\nassistant: \n(called lookup with {"n":7})\n\ntool lookup: order 7: paid\n\nassistant: \n(called lookup with {"n":7})\n\ntool lookup: order 7: paid',
    );
    expect(model.calls.map((c) => shape(c.messages))).toEqual([
      ['system', 'user'],
      ['system', 'user', 'assistant → l1', 'tool l1'],
      ['system', 'user', 'assistant → l1', 'tool l1', 'assistant → l2', 'tool l2'],
      ['system', 'user', 'assistant → l3', 'tool l3'],
    ]);
    expect(model.calls[3]!.messages[1]).toEqual({ role: 'user', content: SUMMARY });
    expect(eventLines(paused.events)).toEqual([
      'Billing [Billing] | assistant:  → lookup({"n":7})',
      'Billing [Billing] | tool lookup: order 7: paid',
      'Billing [Billing] | assistant:  → lookup({"n":7})',
      'Billing [Billing] | tool lookup: order 7: paid',
      'Billing [Billing] | assistant:  → lookup({"n":7})',
      'Billing [Billing] | tool lookup: order 7: paid',
      'Billing [Billing] | context summary',
      'Billing [Billing] | assistant:  → refund({"n":7})',
      'Billing [Billing] | INTERRUPTED agent:Billing/tool:refund:r1#0',
    ]);
    const event = paused.events.find((e) => e.type === 'context');
    expect(event).toEqual({
      type: 'context',
      agentName: 'Billing',
      runPath: ['Billing'],
      context: { kind: 'summary', summary: { role: 'user', content: SUMMARY }, replaced: 5, model: 'small' },
    });

    const done = await new Runner({ agent, store }).resume(paused.checkpointId!, {
      resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } },
    });
    expect(done.status).toBe('done');
    expect(summaryModel.calls).toHaveLength(1);
    expect(shape(model.calls[4]!.messages)).toEqual(['system', 'user', 'assistant → l3', 'tool l3', 'assistant → r1', 'tool r1']);
    expect(model.calls[4]!.messages[1]).toEqual({ role: 'user', content: SUMMARY });
    expect(done.events.some((e) => e.type === 'context')).toBe(false);
    // The summary is in the thread's state, in the lane whose history it covers.
    const state = await new Runner({ agent, store }).graph.withStore(store).getState(paused.threadId!);
    expect((state.state as AgentRunState).lanes['main']!.context).toEqual({
      Billing: { summary: { covers: 5, message: { role: 'user', content: SUMMARY } } },
    });
  });

  it('a fork from the checkpoint after the summary sees the same summary and makes no summary call', async () => {
    const { agent, model, summaryModel } = refundAgent();
    const store = new MemoryStore();
    const paused = await new Runner({ agent, store }).query('Refund order 7.');
    const approved = await new Runner({ agent, store }).resume(paused.checkpointId!, {
      resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } },
    });
    expect(approved.status).toBe('done');
    const forked = await new Runner({ agent, store }).resume(paused.checkpointId!, {
      resume: { 'agent:Billing/tool:refund:r1#0': { approved: false, reason: 'not today' } },
      fork: true,
    });
    expect(forked.status).toBe('done');
    expect(forked.finalOutput).toBe('Not refunded.');
    expect(summaryModel.calls).toHaveLength(1);
    expect(model.calls).toHaveLength(6);
    expect(shape(model.calls[5]!.messages)).toEqual(shape(model.calls[4]!.messages));
    expect(model.calls[5]!.messages[1]).toEqual({ role: 'user', content: SUMMARY });
  });

  it('a later run of the thread continues from the recorded summary; a second summary covers the first', async () => {
    const { agent, model, summaryModel } = refundAgent(['Order 7 was refunded after approval.']);
    const store = new MemoryStore();
    const runner = new Runner({ agent, store });
    const paused = await runner.query('Refund order 7.');
    await runner.resume(paused.checkpointId!, { resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } } });
    // The second run's first call has 8 messages (system, the summary, two tool turns, the answer, the new request): over 6 again.
    const again = await runner.query('Thanks!', { threadId: paused.threadId! });
    expect(again.status).toBe('done');
    expect(summaryModel.calls).toHaveLength(2);
    expect(summaryModel.calls[1]!.messages[1]!.content).toBe(
      `user: ${SUMMARY}\n\nassistant: \n(called lookup with {"n":7})\n\ntool lookup: order 7: paid\n\nassistant: \n(called refund with {"n":7})\n\ntool refund: refunded 7`,
    );
    const second = 'Summary of the conversation so far:\nOrder 7 was refunded after approval.';
    expect(model.calls[5]!.messages).toEqual([
      { role: 'system', content: 'Handle refunds.' },
      { role: 'user', content: second },
      expect.objectContaining({ role: 'assistant', content: 'Refunded.' }),
      { role: 'user', content: 'Thanks!' },
    ]);
    expect(again.events.filter((e) => e.type === 'context').map((e) => e.context)).toEqual([
      { kind: 'summary', summary: { role: 'user', content: second }, replaced: 9, model: 'small' },
    ]);
  });

  it('parallel agents summarise in the same step, each in its own lane', async () => {
    const child = (name: string) => {
      const small = scriptedModel([{ text: `${name} was asked to look order 7 up.` }], { name: 'small' });
      const model = scriptedModel([call('lookup', `${name}1`, 7), { text: `${name}: paid.` }]);
      const context = [summarize({ model: small, trigger: { messages: 2 }, keepLast: 2 })];
      return { small, agent: chatModelAgent({ name, description: '', model, tools: [lookup], context }) };
    };
    const [x, y] = [child('X'), child('Y')];
    const done = await new Runner({ agent: parallel({ name: 'P', description: '', subAgents: [x.agent, y.agent] }) }).query('Order 7?');
    expect(done.status).toBe('done');
    expect([x.small.calls.length, y.small.calls.length]).toEqual([1, 1]);
    expect(done.events.filter((e) => e.type === 'context').map((e) => [e.agentName, e.runPath, e.context.kind])).toEqual([
      ['X', ['P', 'X'], 'summary'],
      ['Y', ['P', 'Y'], 'summary'],
    ]);
  });

  it('refuses a trigger with neither tokens nor messages, and a bad keepLast, with INVALID_ARGUMENT', () => {
    const model = scriptedModel([]);
    expect(() => summarize({ model, trigger: {} })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'summarize: trigger must set tokens or messages, each a positive integer',
      }),
    );
    expect(() => summarize({ model, trigger: { messages: 3 }, keepLast: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'summarize: keepLast must be an integer ≥ 0' }),
    );
  });
});
