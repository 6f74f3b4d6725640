import { agentTool, chatModelAgent, parallel, Runner, tool, withSubAgents, type AgentEvent } from '@weft/agents';
import { LeaseKeeper, MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { a2aAgent, serveA2A, type ServedA2a } from '../index.ts';

const served: ServedA2a[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** Asks `probe` again every 20 ms until it answers something (bounded by the test's timeout). */
async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A remote Weft agent that asks before it refunds; `refunds` counts the refunds it made. */
async function remoteSupport(token?: string) {
  const refunds: string[] = [];
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
    needsApproval: true,
    execute: async ({ order }: { order: string }) => (refunds.push(order), `refunded ${order}`),
  });
  const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { order: 'A1' } }] }, { chunks: ['Order A1 ', 'is refunded.'] }]);
  const agent = chatModelAgent({ name: 'Support', description: 'Refunds orders', model, tools: [refund] });
  const s = await serveA2A(agent, token ? { token } : {});
  served.push(s);
  return { url: s.url, refunds };
}

const says = (events: AgentEvent[]) =>
  events.flatMap((e) =>
    e.type === 'chunk'
      ? [`${e.agentName} chunk ${e.output.stream.content}`]
      : e.type === 'message'
        ? [`${e.agentName} says ${String(e.output.message.content)}`]
        : [],
  );

describe('a2aAgent()', () => {
  it('turns a remote input-required into an interrupt; a resume by another Runner continues the same remote task, which refunds once', async () => {
    const remote = await remoteSupport('tok');
    const store = new MemoryStore();
    const caller = new Runner({ agent: await a2aAgent({ url: remote.url, headers: { authorization: 'Bearer tok' } }), store });
    const asked = await caller.query('Refund order A1', { threadId: 't' });
    expect(asked.status).toBe('interrupted');
    const info = asked.interrupts[0]!.info as { agent: string; taskId: string; data: { interrupts: { info: unknown }[] }[] };
    expect([info.agent, info.data[0]!.interrupts[0]!.info]).toEqual(['Support', { tool: 'refund', arguments: { order: 'A1' } }]);
    expect(remote.refunds).toEqual([]);
    // Another process: a new agent and Runner over the same store.
    const later = new Runner({ agent: await a2aAgent({ url: remote.url, headers: { authorization: 'Bearer tok' } }), store });
    const done = await later.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: { approved: true } } });
    expect(done.status).toBe('done');
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'Order A1 is refunded.' });
    expect(says(done.events)).toEqual(['Support chunk Order A1 ', 'Support chunk is refunded.', 'Support says Order A1 is refunded.']);
    expect(remote.refunds).toEqual(['A1']);
  });

  it("is a transfer target: the caller transfers, the remote approval is answered through the caller, the answer is the run's", async () => {
    const remote = await remoteSupport();
    const support = await a2aAgent({ url: remote.url });
    const desk = chatModelAgent({
      name: 'Desk',
      description: 'Talks to customers',
      model: scriptedModel([{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'Support' } }] }]),
    });
    const runner = new Runner({ agent: withSubAgents(desk, [support]), store: new MemoryStore() });
    const asked = await runner.query('Refund order A1', { threadId: 'd' });
    expect(asked.interrupts.map((i) => (i.info as { agent: string }).agent)).toEqual(['Support']);
    const done = await runner.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: { approved: true } } });
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'Order A1 is refunded.' });
    expect(remote.refunds).toEqual(['A1']);
  });

  it('is an agentTool: the request of the tool call goes to the remote, whose approval interrupts the calling run', async () => {
    const remote = await remoteSupport();
    const support = agentTool(await a2aAgent({ url: remote.url }));
    const model = scriptedModel([
      { toolCalls: [{ name: 'Support', arguments: { request: 'Refund order A1' } }] },
      { text: 'Support says it is refunded.' },
    ]);
    const runner = new Runner({
      agent: chatModelAgent({ name: 'Desk', description: 'Desk', model, tools: [support] }),
      store: new MemoryStore(),
    });
    const asked = await runner.query('My order A1 arrived broken', { threadId: 'tool' });
    expect([asked.status, (asked.interrupts[0]?.info as { agent: string }).agent]).toEqual(['interrupted', 'Support']);
    const done = await runner.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: { approved: true } } });
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'Support says it is refunded.' });
    // The tool's result, as the desk's model saw it, is the remote's answer.
    expect(model.calls[1]!.messages.at(-1)).toMatchObject({ role: 'tool', content: 'Order A1 is refunded.' });
    expect(remote.refunds).toEqual(['A1']);
  });

  it('runs side by side with another remote inside parallel, each answering once', async () => {
    const answering = async (name: string, text: string) => {
      const s = await serveA2A(chatModelAgent({ name, description: name, model: scriptedModel([{ text }]) }));
      served.push(s);
      return a2aAgent({ url: s.url });
    };
    const both = parallel({
      name: 'Both',
      description: 'Asks both',
      subAgents: [await answering('Left', 'from left'), await answering('Right', 'from right')],
    });
    const done = await new Runner({ agent: both, store: new MemoryStore() }).query('hello');
    expect(done.status).toBe('done');
    expect(
      says(done.events)
        .filter((l) => l.includes(' says '))
        .sort(),
    ).toEqual(['Left says from left', 'Right says from right']);
  });

  it('ends its request when the calling run is cancelled, and cancels the remote task: it stops at its next step, the model is not called again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const wait = tool({
      name: 'wait',
      description: 'Waits',
      parameters: { type: 'object', properties: {} },
      execute: async () => (started(), await gate, 'ok'),
    });
    const model = scriptedModel([{ toolCalls: [{ name: 'wait', arguments: {} }] }, { text: 'late' }]);
    const remoteStore = new MemoryStore();
    const slow = chatModelAgent({ name: 'Slow', description: 'Slow', model, tools: [wait] });
    const s = await serveA2A(slow, { store: remoteStore });
    served.push(s);
    const stopAsked = new Promise<void>((resolve) => {
      const original = LeaseKeeper.requestStop.bind(LeaseKeeper);
      vi.spyOn(LeaseKeeper, 'requestStop').mockImplementation(async (...args) => {
        const marked = await original(...args);
        resolve();
        return marked;
      });
    });
    const cancel = new AbortController();
    const run = new Runner({ agent: await a2aAgent({ url: s.url }), store: new MemoryStore() }).query('go', { signal: cancel.signal });
    await running;
    cancel.abort();
    const done = await run;
    expect([done.status, done.finalMessage, done.error?.code]).toEqual(['error', undefined, 'RUN_ABORTED']);
    // The remote heard the cancel while its tool ran; once the tool ends, its run stops there.
    await stopAsked;
    release();
    const remoteGraph = new Runner({ agent: slow, store: remoteStore }).graph;
    const head = await waitFor(async () => {
      const [thread] = await remoteStore.threads();
      const view = thread && (await remoteGraph.getState(thread.threadId));
      return view?.status === 'error' ? view : undefined;
    });
    expect([head.error?.code, (await remoteStore.threads()).length]).toEqual(['RUN_STOPPED', 1]);
    expect(model.calls).toHaveLength(1);
  });

  it('stops the run with A2A_REMOTE_FAILED when the remote task fails, and A2A_CONNECT_FAILED when nothing answers', async () => {
    const failing = chatModelAgent({ name: 'Broken', description: 'Fails', model: scriptedModel([{ error: new Error('model down') }]) });
    const s = await serveA2A(failing);
    served.push(s);
    const done = await new Runner({ agent: await a2aAgent({ url: s.url }), store: new MemoryStore() }).query('hi');
    expect(done.status).toBe('error');
    expect(done.error).toMatchObject({
      code: 'A2A_REMOTE_FAILED',
      message: expect.stringMatching(/^the A2A agent Broken ended task \S+ as failed: /),
    });
    await expect(a2aAgent({ url: 'http://127.0.0.1:9' })).rejects.toMatchObject({ code: 'A2A_CONNECT_FAILED' });
  });
});
