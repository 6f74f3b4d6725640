import { MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool, withSubAgents, type Message } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const transferTo = (agent_name: string, id = 't1'): ScriptItem => ({
  toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name }, id }],
});

describe('tool calls of one turn', () => {
  it('run concurrently; events come as each finishes; results enter history in call order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    const slow = tool({
      name: 'slow',
      description: '',
      parameters: { type: 'object' },
      execute: async () => (started.push('slow'), await gate, 'slow result'),
    });
    const fast = tool({
      name: 'fast',
      description: '',
      parameters: { type: 'object' },
      execute: () => (started.push('fast'), release(), 'fast result'),
    });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: 'slow', arguments: {}, id: 's' },
          { name: 'fast', arguments: {}, id: 'f' },
        ],
      },
      { text: 'ok' },
    ]);
    const done = await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, tools: [slow, fast] }) }).query('go');
    expect(started).toEqual(['slow', 'fast']);
    expect(summarize(done.events).slice(1, 3)).toEqual(['A [A] | tool fast: fast result', 'A [A] | tool slow: slow result']);
    expect(model.calls[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId)).toEqual(['s', 'f']);
  });
});

describe('what an agent sees', () => {
  const twoAgents = (childOptions: object) => {
    const parent = chatModelAgent({
      name: 'Parent',
      description: '',
      model: scriptedModel([
        { text: 'thinking', toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'Child' }, id: 't1' }] },
      ]),
    });
    const childModel = scriptedModel([{ text: 'child answer' }]);
    const child = chatModelAgent({ name: 'Child', description: '', model: childModel, ...childOptions });
    return { agent: withSubAgents(parent, [child], { disallowTransferToParent: true }), childModel };
  };

  it('skipTransferMessages leaves transfer calls and results out', async () => {
    const sys = twoAgents({ skipTransferMessages: true });
    await new Runner({ agent: sys.agent }).query('hello');
    expect(sys.childModel.calls[0]!.messages).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'For context: [Parent] said: thinking.' },
    ]);
  });

  it('historyRewriter replaces the rewriting; genModelInput replaces the assembly', async () => {
    const rewritten = twoAgents({
      historyRewriter: (name: string, events: { agentName: string }[]) => [
        { role: 'user', content: `${name} sees ${events.length} events` },
      ],
    });
    await new Runner({ agent: rewritten.agent }).query('hello');
    expect(rewritten.childModel.calls[0]!.messages).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'Child sees 2 events' },
    ]);
    const custom = twoAgents({
      instruction: 'Be {tone}.',
      genModelInput: (p: { instruction: string; input: Message[]; history: Message[] }) => [
        { role: 'user', content: `${p.instruction} | ${p.input.length} input | ${p.history.length} history` },
      ],
    });
    await new Runner({ agent: custom.agent }).query('hello', { sessionValues: { tone: 'kind' } });
    expect(custom.childModel.calls[0]!.messages).toEqual([{ role: 'user', content: 'Be kind. | 1 input | 2 history' }]);
  });
});

describe('an interrupt inside a nested transfer target', () => {
  it('resumes at the target from a fresh Runner and keeps its RunPath', async () => {
    const store = new MemoryStore();
    const build = (later: boolean) => {
      const killQuery = tool({
        name: 'kill_query',
        description: '',
        parameters: { type: 'object' },
        needsApproval: true,
        execute: () => 'query 42 killed',
      });
      const coordinator = chatModelAgent({
        name: 'Coordinator',
        description: 'first contact',
        model: scriptedModel(later ? [] : [transferTo('Tech')]),
      });
      const tech = chatModelAgent({
        name: 'Tech',
        description: 'technical',
        model: scriptedModel(later ? [] : [transferTo('Database', 't2')]),
      });
      const dbScript: ScriptItem[] = [
        { toolCalls: [{ name: 'kill_query', arguments: {}, id: 'k1' }] },
        { text: 'The slow query is gone.' },
      ];
      const database = chatModelAgent({
        name: 'Database',
        description: 'queries',
        model: scriptedModel(later ? dbScript.slice(1) : dbScript),
        tools: [killQuery],
      });
      return withSubAgents(coordinator, [withSubAgents(tech, [database])]);
    };
    const paused = await new Runner({ agent: build(false), store }).query('My query hangs.');
    const id = 'agent:Coordinator/agent:Tech/agent:Database/tool:kill_query:k1#0';
    expect(summarize(paused.events).at(-1)).toBe(`Database [Coordinator,Tech,Database] | INTERRUPTED ${id}`);
    const done = await new Runner({ agent: build(true), store }).resume(paused.checkpointId!, { resume: { [id]: { approved: true } } });
    expect(summarize(done.events)).toEqual([
      'Database [Coordinator,Tech,Database] | tool kill_query: query 42 killed',
      'Database [Coordinator,Tech,Database] | assistant: The slow query is gone.',
    ]);
  });
});
