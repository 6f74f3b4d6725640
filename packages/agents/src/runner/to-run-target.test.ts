import { END, MemoryStore, START, graph, interrupt } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { approvalBilling } from '../test-support/approval-billing.ts';
import { AgentError, agentTool, chatModelAgent, checkpointHandle, runTargetKind, toRunTarget, type RunTarget } from '../index.ts';

const increment = () =>
  graph<number, number>({ name: 'inc' })
    .addNode('inc', (n: number) => n + 1)
    .addEdge(START, 'inc')
    .addEdge('inc', END);

/** Adds the number a person gives when asked. */
const askAndAdd = () =>
  graph<number, number>({ name: 'ask' })
    .addNode('ask', (n: number) => n + Number(interrupt({ question: 'how many more?' })))
    .addEdge(START, 'ask')
    .addEdge('ask', END);

/** An agent that asks before it refunds, then answers. */
const billing = () => approvalBilling([{ toolCalls: [{ name: 'refund', arguments: { amount: 30 }, id: 'r1' }] }, { text: 'Refunded.' }]);

const helper = (answers: string[]) =>
  chatModelAgent({ name: 'Helper', description: 'Answers.', model: scriptedModel(answers.map((text) => ({ text }))), tools: [] });

/** What a target is, apart from its functions and the Runner (compared by identity where it matters). */
const shape = (t: RunTarget) => ({ kind: t.kind, name: t.name, store: t.store, graphStore: t.graph.store, graphName: t.graph.name });

describe('toRunTarget', () => {
  it("gives a graph compiled without a store the host's, and runs and resumes it there", async () => {
    const store = new MemoryStore();
    const compiled = askAndAdd().compile();
    const target = toRunTarget(compiled, { store });
    expect(shape(target)).toEqual({ kind: 'graph', name: 'ask', store, graphStore: store, graphName: 'ask' });
    expect(target.graph).not.toBe(compiled);
    if (target.kind !== 'graph') throw new Error('a graph target');
    const paused = await target.start(1, { threadId: 't' });
    expect([paused.status, paused.threadId, paused.interrupts.map((i) => i.info)]).toEqual([
      'interrupted',
      't',
      [{ question: 'how many more?' }],
    ]);
    const done = await target.resume({ threadId: 't', resume: { [paused.interrupts[0]!.id]: 2 } });
    expect([done.status, done.output]).toEqual(['done', 3]);
    expect((await store.list('t')).map((e) => e.status)).toEqual(['done', 'running', 'interrupted', 'running']);
  });

  it('keeps a graph compiled with the same store, or its own when the host gives none, and falls back only when neither has one', () => {
    const store = new MemoryStore();
    const compiled = increment().compile({ store });
    expect(toRunTarget(compiled, { store }).graph).toBe(compiled);
    expect(toRunTarget(compiled).graph).toBe(compiled);
    let made = 0;
    const fallbackStore = () => (made++, new MemoryStore());
    expect(toRunTarget(compiled, { fallbackStore }).store).toBe(store);
    expect(made).toBe(0);
    const bare = toRunTarget(increment().compile(), { fallbackStore });
    expect([made, bare.store === bare.graph.store, bare.store instanceof MemoryStore]).toEqual([1, true, true]);
    expect(shape(toRunTarget(increment().compile()))).toEqual({
      kind: 'graph',
      name: 'inc',
      store: undefined,
      graphStore: undefined,
      graphName: 'inc',
    });
  });

  it("refuses a graph compiled with another store than the host's, by the host's name for it, and leaves both stores untouched", async () => {
    const own = new MemoryStore();
    const host = new MemoryStore();
    const compiled = increment().compile({ store: own });
    const err = (() => {
      try {
        toRunTarget(compiled, { store: host, name: 'adder', caller: 'new WeftWorker()' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AgentError);
    expect((err as AgentError).toJSON()).toMatchObject({
      name: 'AgentError',
      code: 'RUN_TARGET_STORE',
      message:
        'new WeftWorker(): graph "adder" was compiled with another store than the one given; compile it without a store (it gets this one) or with this store',
      details: { target: 'adder' },
    });
    expect([await own.threads(), await host.threads()]).toEqual([[], []]);
  });

  it('runs an agent through one Runner on the store: a query, messages, and a resume of a checkpoint', async () => {
    const store = new MemoryStore();
    const target = toRunTarget(helper(['one', 'two']), { store, streaming: true });
    if (target.kind !== 'agent') throw new Error('an agent target');
    expect({ ...shape(target), agent: target.agent.name, same: target.graph === target.runner.graph }).toEqual({
      kind: 'agent',
      name: 'Helper',
      store,
      graphStore: store,
      graphName: target.runner.graph.name,
      agent: 'Helper',
      same: true,
    });
    const first = await target.start('hi', { threadId: 'a' });
    const second = await target.start([{ role: 'user', content: 'again' }], { threadId: 'b' });
    expect([first.status, first.finalOutput, second.status, second.finalOutput]).toEqual(['done', 'one', 'done', 'two']);
    expect(first.events.map((e) => e.type)).toEqual(['chunk', 'message']);

    const asking = toRunTarget(billing(), { store });
    if (asking.kind !== 'agent') throw new Error('an agent target');
    const paused = await asking.start('refund me', { threadId: 'c' });
    const head = (await store.get('c'))!;
    expect([paused.status, paused.checkpointId]).toEqual(['interrupted', checkpointHandle('c', head.id)]);
    const done = await asking.resume('c', head.id, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });
    expect([done.status, done.threadId, done.finalOutput]).toEqual(['done', 'c', 'Refunded.']);
  });

  it('refuses an agent turn that is neither a query nor messages, naming the agent', () => {
    const target = toRunTarget(helper(['one']));
    if (target.kind !== 'agent') throw new Error('an agent target');
    expect(() => target.start({ text: 'hi' })).toThrow(
      expect.objectContaining({
        name: 'AgentError',
        code: 'INVALID_ARGUMENT',
        message: 'toRunTarget(): agent "Helper" takes a query (a string) or a list of messages',
        details: { target: 'Helper' },
      }),
    );
  });

  it('refuses what is neither an agent nor a compiled graph, saying what to pass', () => {
    const refusals = [null, {}, 'agent', { kind: 'chat-model', name: 'Fake' }, { run() {}, resume() {}, withStore() {} }].map((value) => {
      try {
        toRunTarget(value as never, { caller: 'createStudio()' });
        return undefined;
      } catch (e) {
        return (e as AgentError).toJSON();
      }
    });
    const message = 'createStudio(): pass an agent (chatModelAgent(), sequential(), …) or a compiled graph (graph(…).compile())';
    expect(refusals).toEqual(
      ['null', 'an object', 'string', 'an object', 'an object'].map((got) =>
        expect.objectContaining({ name: 'AgentError', code: 'INVALID_ARGUMENT', message, details: { got } }),
      ),
    );
  });

  it('runTargetKind names what toRunTarget takes without compiling it, and nothing that only looks like it', () => {
    const agent = helper(['one']);
    const lookAlikes = [{ kind: 'chat-model', name: 'Fake' }, { run() {}, resume() {}, withStore() {} }, agentTool(agent), null, 'graph'];
    expect([runTargetKind(agent), runTargetKind(increment().compile()), ...lookAlikes.map(runTargetKind)]).toEqual([
      'agent',
      'graph',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives an agent its versions, and refuses versions beside a graph or with keys a Runner does not take', () => {
    const agent = toRunTarget(billing(), { store: new MemoryStore(), versions: { version: 'b2', patches: ['p'] } });
    expect(agent.graph.version).toBe('b2');
    expect(() => toRunTarget(increment().compile(), { versions: { version: 'x' } })).toThrow(
      'toRunTarget(): versions is for an agent target; a compiled graph carries its own: compile({ version, migrations, onGraphMismatch, patches })',
    );
    expect(() => toRunTarget(billing(), { versions: { store: new MemoryStore() } as never })).toThrow(
      'toRunTarget(): versions takes version, migrations, onGraphMismatch, patches; it has "store"',
    );
  });
});
