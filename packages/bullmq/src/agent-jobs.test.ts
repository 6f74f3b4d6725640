import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatModelAgent, parallel, Runner, sequential, tool, type AgentEvent, type AgentRunResult, type Message } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import type { WeftJob } from './index.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';

/**
 * A clerk that looks an order up, refunds it (a tool that needs approval),
 * then answers. Its model answers from the conversation, as a real one does,
 * so any fresh copy (another worker's) continues where the thread stands.
 */
function clerk() {
  const sawTool = (messages: readonly Message[], name: string) => messages.some((m) => m.role === 'tool' && m.name === name);
  const model = scriptedModel(
    [
      (messages) =>
        sawTool(messages, 'refund')
          ? { text: `Refunded: ${messages.findLast((m) => m.role === 'tool')?.content}` }
          : sawTool(messages, 'lookup')
            ? { toolCalls: [{ id: 'c2', name: 'refund', arguments: { order: 'A-7', amount: 30 } }] }
            : { toolCalls: [{ id: 'c1', name: 'lookup', arguments: { order: 'A-7' } }] },
    ],
    { name: 'clerk-model', repeatLast: true },
  );
  const lookup = tool({
    name: 'lookup',
    description: 'Finds an order.',
    parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] } as const,
    execute: ({ order }) => `${order}: 30 EUR, delivered`,
  });
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: {
      type: 'object',
      properties: { order: { type: 'string' }, amount: { type: 'number' } },
      required: ['order', 'amount'],
    } as const,
    needsApproval: true,
    execute: ({ order, amount }) => `${amount} EUR back for ${order}`,
  });
  return chatModelAgent({
    name: 'Clerk',
    description: 'Handles refunds.',
    instruction: 'Help {customer}.',
    model,
    tools: [lookup, refund],
  });
}

async function collect<E>(job: WeftJob<E, unknown>): Promise<E[]> {
  const events: E[] = [];
  for await (const e of job.events()) events.push(e);
  return events;
}

/** A result as JSON carries it, without what names the thread (the queued run has its own). */
/** A result without what differs between any two runs: the thread, the checkpoint, and the time the run took. */
const comparable = (r: AgentRunResult) => {
  const { threadId: _t, checkpointId: _c, ...rest } = JSON.parse(JSON.stringify(r)) as AgentRunResult;
  const usage = (rest as { usage?: unknown }).usage as Record<string, number> | undefined;
  return usage ? { ...rest, usage: { ...usage, wallMs: typeof usage['wallMs'] } } : rest;
};

describe('agent jobs', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('agent')));
  afterEach(() => fx.dispose());

  it('gives the AgentEvents and the AgentRunResult of a local Runner, to the interrupt and after the resume', async () => {
    const localStore = new MemoryStore();
    const localRunner = new Runner({ agent: clerk(), store: localStore });
    const localPaused = await localRunner.query('Refund A-7', { sessionValues: { customer: 'Ada' }, threadId: 'local' });
    const localDone = await localRunner.resume(localPaused.checkpointId!, {
      resume: { [localPaused.interrupts[0]!.id]: { approved: true } },
    });

    const targets = { clerk: clerk() };
    fx.worker({ store: fx.store(), targets });
    const queue = fx.queue<typeof targets>();
    const job = await queue.run('clerk', 'Refund A-7', { sessionValues: { customer: 'Ada' }, threadId: 'queued' });
    const pausedEvents = await collect<AgentEvent>(job);
    const paused = await job.result();
    expect(paused.status).toBe('interrupted');
    expect(pausedEvents).toEqual(JSON.parse(JSON.stringify(localPaused.events)));
    expect(comparable(paused)).toEqual(comparable(localPaused));
    expect(paused.checkpointId?.startsWith('queued::')).toBe(true);

    const resumed = await queue.resume('clerk', { threadId: 'queued', resume: { [paused.interrupts[0]!.id]: { approved: true } } });
    const doneEvents = await collect<AgentEvent>(resumed);
    const done = await resumed.result();
    expect(done.status === 'done' && done.finalOutput).toBe('Refunded: 30 EUR back for A-7');
    expect(doneEvents).toEqual(JSON.parse(JSON.stringify(localDone.events)));
    expect(comparable(done)).toEqual(comparable(localDone));
    expect(doneEvents.map((e) => `${e.type}:${e.output?.message?.role ?? ''}`)).toEqual(['tool-result:tool', 'message:assistant']);
  });

  it('takes messages as input, and another worker (another copy of the agent) finishes the interrupted thread', async () => {
    const queue = fx.queue<{ clerk: ReturnType<typeof clerk> }>();
    const a = fx.worker({ store: fx.store(), targets: { clerk: clerk() }, workerOptions: { name: 'A' } });
    const job = await queue.run('clerk', [{ role: 'user', content: 'Refund A-7' }], { sessionValues: { customer: 'Bo' } });
    const paused = await job.result();
    expect(paused.interrupts.map((i) => i.info)).toEqual([{ tool: 'refund', arguments: { order: 'A-7', amount: 30 } }]);
    await a.close();

    fx.worker({ store: fx.store(), targets: { clerk: clerk() }, workerOptions: { name: 'B' } });
    const resumed = await queue.resume('clerk', {
      threadId: job.threadId!,
      resume: { [paused.interrupts[0]!.id]: { approved: false, reason: 'no' } },
    });
    const done = await resumed.result();
    expect(done.status === 'done' && done.sessionValues).toEqual({ customer: 'Bo' });
    expect(done.finalOutput).toMatch(/^Refunded: /);
    expect((await queue.bull.getJob(resumed.id))?.processedBy).toBe('B');
  });

  it('refuses an input that is neither a query nor messages, as a typed error', async () => {
    fx.worker({ store: fx.store(), targets: { clerk: clerk() } });
    const job = await fx.queue().run('clerk', 42);
    await expect(job.result()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', details: { target: 'clerk' } });
  });

  it('with agentOptions { distribute, streaming }: parallel sub-agents’ model calls run on the task workers; events and result are a local run’s', async () => {
    const team = () => {
      const writer = (name: string) =>
        chatModelAgent({ name, description: name, model: scriptedModel([{ chunks: [`${name} `, 'says ', 'hi'] }], { name }) });
      return sequential({
        name: 'team',
        description: '',
        subAgents: [parallel({ name: 'both', description: '', subAgents: [writer('A'), writer('B')] }), writer('C')],
      });
    };
    const local = await new Runner({ agent: team(), store: new MemoryStore(), streaming: true }).query('go', { threadId: 'l' });
    const targets = { team: team() };
    for (const name of ['W1', 'W2'])
      fx.worker({ store: fx.store(), targets, agentOptions: { distribute: true, streaming: true }, workerOptions: { name } });
    const queue = fx.queue<typeof targets>();
    const job = await queue.run('team', 'go', { threadId: 'team-1' });
    const events = await collect<AgentEvent>(job);
    const done = await job.result();
    expect(done.status === 'done' && done.finalOutput).toBe('C says hi');
    const perAgent = (es: readonly AgentEvent[]) =>
      Object.fromEntries(
        ['A', 'B', 'C'].map((a) => [a, es.filter((e) => e.agentName === a).map((e) => `${e.type}:${JSON.stringify(e.output)}`)]),
      );
    // The same result; its events interleave across the parallel agents as their calls finished, so they are compared per agent.
    const { events: doneEvents, ...rest } = comparable(done) as AgentRunResult;
    const { events: localEvents, ...localRest } = comparable(local) as AgentRunResult;
    expect(rest).toEqual(localRest);
    expect(perAgent(doneEvents)).toEqual(perAgent(localEvents));
    // The chunks of each remote model call arrive with its message, in order per agent.
    expect(perAgent(events)).toEqual(perAgent(JSON.parse(JSON.stringify(local.events)) as AgentEvent[]));
    expect(perAgent(events)['A']!.map((e) => e.split(':')[0])).toEqual(['chunk', 'chunk', 'chunk', 'message']);
    // The three model steps were task jobs, children of the run's job.
    const parent = (await queue.bull.getJob(job.id))!;
    expect(await parent.getDependenciesCount()).toEqual({ processed: 3, unprocessed: 0, failed: 0, ignored: 0 });
  });
});
