import { interrupt, MemoryStore, type NodeContext } from '@weft/graph';
import { textOf } from '@weft/chat-model';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import {
  assistantMessage,
  chatModelAgent,
  defineAgent,
  emitAgentEvent,
  parallel,
  recordEvents,
  Runner,
  sequential,
  tool,
  visibleEvents,
  withSubAgents,
  type AgentCompiler,
  type AgentRunState,
  type AgentScope,
} from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

/**
 * A kind of agent the package does not have, written here against the
 * package's public interface only: one node that repeats the latest message
 * it can see (not a transfer) in capitals. With `ask`, it first asks a person
 * (an interrupt) whether to shout. `runs` counts its node's executions.
 */
function shouter(name: string, runs: string[] = [], options: { ask?: boolean } = {}) {
  return defineAgent({
    kind: 'shout',
    name,
    description: 'Repeats the latest message in capitals.',
    compile(c: AgentCompiler, scope: AgentScope): string {
      c.builder.addNode(
        name,
        (_input: unknown, ctx: NodeContext<AgentRunState>) => {
          runs.push(name);
          const loud = options.ask ? interrupt<{ loud: boolean }>({ question: `may ${name} shout?` }).loud : true;
          const runPath = [...ctx.state.lanes[scope.lane]!.runPath, name];
          ctx.append(['lanes', scope.lane, 'runPath'], name);
          const said = visibleEvents(ctx.state, scope.lane).findLast((e) => e.message.role !== 'tool' && !e.transfer);
          const text = textOf(said?.message ?? '');
          const message = assistantMessage(loud ? text.toUpperCase() : text);
          recordEvents(ctx, scope.lane, { agentName: name, runPath, message });
          emitAgentEvent(ctx, { type: 'message', agentName: name, runPath, output: { message, role: 'assistant' } });
          return null;
        },
        { kind: 'shout', address: scope.address.join('/'), annotations: { agent: name, agentPath: scope.agentPath } },
      );
      c.builder.addEdge(name, scope.next);
      return name;
    },
  });
}

const talker = (name: string, script: ScriptItem[], tools: Parameters<typeof chatModelAgent>[0]['tools'] = []) => {
  const model = scriptedModel(script, { name });
  return { agent: chatModelAgent({ name, description: `${name} agent`, model, tools }), model };
};
const lookup = tool({
  name: 'lookup',
  description: 'Looks a word up.',
  parameters: { type: 'object', properties: {} },
  execute: () => 'found: hello',
});

/** Each stored checkpoint of the thread, oldest first: `step status frontier-nodes`. */
async function checkpoints(runner: Runner, threadId: string): Promise<string[]> {
  const views: string[] = [];
  for await (const v of runner.graph.history(threadId)) views.unshift(`${v.step} ${v.status} ${v.frontier.map((f) => f.node).join(',')}`);
  return views;
}

describe('an agent kind of your own (defineAgent)', () => {
  it('runs in a sequential between two chat-model agents: its events, the answer, the history, a checkpoint per step', async () => {
    const a = talker('A', [{ toolCalls: [{ name: 'lookup', arguments: {}, id: 'l1' }] }, { text: 'hello there' }], [lookup]);
    const b = talker('B', [{ text: 'bye' }]);
    const runs: string[] = [];
    const runner = new Runner({
      agent: sequential({ name: 'S', description: '', subAgents: [a.agent, shouter('Shout', runs), b.agent] }),
      store: new MemoryStore(),
    });
    const done = await runner.query('start', { threadId: 't' });

    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual([
      'A [S,A] | assistant:  → lookup({})',
      'A [S,A] | tool lookup: found: hello',
      'A [S,A] | assistant: hello there',
      'Shout [S,A,Shout] | assistant: HELLO THERE',
      'B [S,A,Shout,B] | assistant: bye',
    ]);
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'bye' });
    expect(done.finalOutput).toBe('bye');
    expect(runs).toEqual(['Shout']);
    // The next agent sees what the new kind said, as it sees any other agent's answer.
    expect(b.model.calls[0]!.messages).toEqual([
      { role: 'user', content: 'start' },
      { role: 'user', content: 'For context: [A] called tool: `lookup` with arguments: {}.' },
      { role: 'user', content: 'For context: [A] `lookup` tool returned result: found: hello.' },
      { role: 'user', content: 'For context: [A] said: hello there.' },
      { role: 'user', content: 'For context: [Shout] said: HELLO THERE.' },
    ]);
    const state = (await runner.graph.getState('t')).state;
    expect(state.lanes['main']!.events.flat().map((e) => `${e.agentName}: ${e.message.role} ${e.message.content}`)).toEqual([
      ': user start',
      'A: assistant ',
      'A: tool found: hello',
      'A: assistant hello there',
      'Shout: assistant HELLO THERE',
      'B: assistant bye',
    ]);
    // A's turn with a tool call is two steps (A, A:tools), then A answers; the new kind is one step.
    expect(await checkpoints(runner, 't')).toEqual([
      '0 running run:start',
      '1 running S',
      '2 running A',
      '3 running A:tools',
      '4 running A',
      '5 running Shout',
      '6 running B',
      '7 done ',
    ]);
    const node = runner.graph.toJSON().nodes.find((n) => n.id === 'Shout');
    expect(node).toMatchObject({ kind: 'shout', annotations: { agent: 'Shout', agentPath: ['S', 'Shout'] } });
  });

  it('runs as a child of a parallel agent, in its own history lane', async () => {
    const runs: string[] = [];
    const x = talker('X', [{ text: 'x said' }]);
    const runner = new Runner({
      agent: sequential({
        name: 'S',
        description: '',
        subAgents: [x.agent, parallel({ name: 'P', description: '', subAgents: [shouter('L1', runs), shouter('L2', runs)] })],
      }),
      store: new MemoryStore(),
    });
    const done = await runner.query('start', { threadId: 't' });

    expect(done.status).toBe('done');
    expect(summarize(done.events)[0]).toBe('X [S,X] | assistant: x said');
    expect(summarize(done.events).slice(1).sort()).toEqual(['L1 [S,X,P,L1] | assistant: X SAID', 'L2 [S,X,P,L2] | assistant: X SAID']);
    expect(runs.sort()).toEqual(['L1', 'L2']);
    // After a parallel agent the answer is its last child's; both children's events joined the main lane in child order.
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'X SAID' });
    const state = (await runner.graph.getState('t')).state;
    expect(Object.keys(state.lanes)).toEqual(['main']);
    expect(state.lanes['main']!.events.flat().map((e) => e.agentName)).toEqual(['', 'X', 'L1', 'L2']);
    expect(await checkpoints(runner, 't')).toEqual([
      '0 running run:start',
      '1 running S',
      '2 running X',
      '3 running P',
      '4 running L1,L2',
      '5 running P:join',
      '6 done ',
    ]);
  });

  it('is a transfer target of a chat-model agent', async () => {
    const runs: string[] = [];
    const router = talker('R', [{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'Shout' }, id: 't1' }] }]);
    const done = await new Runner({ agent: withSubAgents(router.agent, [shouter('Shout', runs)]) }).query('please shout');

    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual([
      'R [R] | assistant:  → transfer_to_agent({"agent_name":"Shout"})',
      'R [R] | tool transfer_to_agent: successfully transferred to agent [Shout] | TRANSFER → Shout',
      'Shout [R,Shout] | assistant: PLEASE SHOUT',
    ]);
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'PLEASE SHOUT' });
    expect(runs).toEqual(['Shout']);
    expect(router.model.calls[0]!.tools.find((t) => t.name === 'transfer_to_agent')!.description).toContain(
      '- Shout: Repeats the latest message in capitals.',
    );
  });

  it('stops at an interrupt of its own and a resume continues it, then the agents after it', async () => {
    const runs: string[] = [];
    const store = new MemoryStore();
    const b = talker('B', [{ text: 'bye' }]);
    const runner = new Runner({
      agent: sequential({
        name: 'S',
        description: '',
        subAgents: [talker('A', [{ text: 'hello' }]).agent, shouter('Shout', runs, { ask: true }), b.agent],
      }),
      store,
    });
    const paused = await runner.query('start', { threadId: 't' });

    expect(paused.status).toBe('interrupted');
    const id = 'agent:S/agent:Shout#0';
    expect(paused.interrupts).toEqual([{ id, address: 'agent:S/agent:Shout', path: ['Shout'], info: { question: 'may Shout shout?' } }]);
    expect(summarize(paused.events).slice(0, 1)).toEqual(['A [S,A] | assistant: hello']);
    expect(paused.events.slice(1)).toMatchObject([
      { type: 'interrupt', agentName: 'Shout', action: { interrupted: { interrupts: [{ id }] } } },
    ]);
    expect(b.model.calls).toHaveLength(0);
    expect(await checkpoints(runner, 't')).toEqual([
      '0 running run:start',
      '1 running S',
      '2 running A',
      '3 running Shout',
      '3 interrupted Shout',
    ]);
    // Its step's writes were dropped at the interrupt: nothing of it is in the history yet.
    expect((await runner.graph.getState('t')).state.lanes['main']!.events.flat().map((e) => e.agentName)).toEqual(['', 'A']);

    const done = await runner.resume(paused.checkpointId!, { resume: { [id]: { loud: true } } });

    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual(['Shout [S,A,Shout] | assistant: HELLO', 'B [S,A,Shout,B] | assistant: bye']);
    expect(done.finalMessage).toEqual({ role: 'assistant', content: 'bye' });
    expect(runs).toEqual(['Shout', 'Shout']);
    expect(b.model.calls[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'For context: [Shout] said: HELLO.' });
    // The resume's first checkpoint is the interrupted step again (Shout runs from its start), then a step each.
    expect((await checkpoints(runner, 't')).slice(5)).toEqual(['3 running Shout', '4 running B', '5 done ']);
  });

  // The step that entered the kind stopped, so its state changes (its name joining the RunPath) were dropped:
  // the interrupt event still names the RunPath the agent had in that step, as built-in agents' do.
  it('reports its interrupt under a RunPath that ends with its own name, as built-in agents do', async () => {
    const runner = new Runner({
      agent: sequential({
        name: 'S',
        description: '',
        subAgents: [talker('A', [{ text: 'hello' }]).agent, shouter('Shout', [], { ask: true })],
      }),
    });
    const paused = await runner.query('start');
    expect(paused.events.at(-1)).toMatchObject({ type: 'interrupt', agentName: 'Shout', runPath: ['S', 'A', 'Shout'] });
  });
});
