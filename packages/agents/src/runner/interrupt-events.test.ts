import { interrupt, MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { agentTool, chatModelAgent, loop, parallel, Runner, sequential, tool, withSubAgents, type Agent } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const approve = { approved: true };

/** An agent whose model asks a person before its first answer (an interrupt from the model step itself). */
function doubtful(name: string) {
  return chatModelAgent({
    name,
    description: `${name} agent`,
    model: scriptedModel([() => ({ text: `${name}: ${interrupt<string>({ ask: name })}` })], { name, repeatLast: true }),
  });
}
const talker = (name: string) =>
  chatModelAgent({ name, description: `${name} agent`, model: scriptedModel([{ text: `${name} says hi` }], { name, repeatLast: true }) });

/** An agent whose first turn calls a tool that needs approval, then answers. */
function asker(name: string, later: boolean) {
  const act = tool({ name: 'act', description: '', parameters: { type: 'object' }, needsApproval: true, execute: () => `${name} acted` });
  const first: ScriptItem = { toolCalls: [{ name: 'act', arguments: {}, id: `${name.toLowerCase()}1` }] };
  const model = scriptedModel(later ? [{ text: `${name} done` }] : [first, { text: `${name} done` }], { name });
  return chatModelAgent({ name, description: '', model, tools: [act] });
}

const interruptEvents = (events: { agentName: string; runPath: string[]; action?: { interrupted?: { interrupts: { id: string }[] } } }[]) =>
  events.filter((e) => e.action?.interrupted).map((e) => [e.agentName, e.runPath, e.action!.interrupted!.interrupts.map((i) => i.id)]);

describe('the interrupted agent is on its interrupt event', () => {
  it('an interrupt from the model step inside a sequential: the event’s RunPath ends with the agent, as its events after the resume do', async () => {
    const store = new MemoryStore();
    const tree = (): Agent => sequential({ name: 'S', description: '', subAgents: [talker('A'), doubtful('B'), talker('C')] });
    const paused = await new Runner({ agent: tree(), store }).query('go');
    expect(interruptEvents(paused.events)).toEqual([['B', ['S', 'A', 'B'], ['agent:S/agent:B#0']]]);
    const done = await new Runner({ agent: tree(), store }).resume(paused.checkpointId!, { resume: { 'agent:S/agent:B#0': 'sure' } });
    expect(summarize(done.events)).toEqual(['B [S,A,B] | assistant: B: sure', 'C [S,A,B,C] | assistant: C says hi']);
  });

  it('in a loop, the RunPath keeps growing: the interrupted second round’s agent is on the event', async () => {
    const store = new MemoryStore();
    let round = 0;
    const once = chatModelAgent({
      name: 'A',
      description: '',
      model: scriptedModel([() => ({ text: ++round === 2 ? `A: ${interrupt<string>('again?')}` : 'A once' })], {
        name: 'A',
        repeatLast: true,
      }),
    });
    const paused = await new Runner({
      agent: loop({ name: 'L', description: '', subAgents: [once, talker('B')], maxIterations: 2 }),
      store,
    }).query('go');
    expect(interruptEvents(paused.events)).toEqual([['A', ['L', 'A', 'B', 'A'], ['agent:L/agent:A#0']]]);
  });

  it('the target of a transfer that interrupts while entering: the event carries [Parent, Child]', async () => {
    const store = new MemoryStore();
    const parent = chatModelAgent({
      name: 'Desk',
      description: '',
      model: scriptedModel([{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'Billing' }, id: 't1' }] }], {
        name: 'Desk',
      }),
    });
    const paused = await new Runner({ agent: withSubAgents(parent, [doubtful('Billing')]), store }).query('refund');
    expect(interruptEvents(paused.events)).toEqual([['Billing', ['Desk', 'Billing'], ['agent:Desk/agent:Billing#0']]]);
  });
});

describe('nested parallels interrupt as one', () => {
  it('one event under the parallel that is the sequential’s direct child lists every pending interrupt of its subtree', async () => {
    const store = new MemoryStore();
    const tree = (later: boolean): Agent =>
      sequential({
        name: 'S',
        description: '',
        subAgents: [
          parallel({
            name: 'Outer',
            description: '',
            subAgents: [parallel({ name: 'Inner', description: '', subAgents: [asker('X', later), asker('Y', later)] }), asker('Z', later)],
          }),
          talker('After'),
        ],
      });
    // Inner starts its children a step after Z starts, so the interrupts arrive over two runs; each event is Outer's.
    const runner = new Runner({ agent: tree(false), store }); // one process: each model's script goes on across resumes
    let result = await runner.query('go');
    const seen: unknown[] = [];
    for (let guard = 0; result.status === 'interrupted' && guard < 5; guard++) {
      seen.push(...interruptEvents(result.events));
      const ids = result.interrupts.map((i) => i.id);
      result = await runner.resume(result.checkpointId!, {
        resume: Object.fromEntries(ids.map((id) => [id, approve])),
      });
    }
    expect(seen).toEqual([
      ['Outer', ['S', 'Outer'], ['agent:S/agent:Outer/agent:Z/tool:act:z1#0']],
      [
        'Outer',
        ['S', 'Outer'],
        ['agent:S/agent:Outer/agent:Inner/agent:X/tool:act:x1#0', 'agent:S/agent:Outer/agent:Inner/agent:Y/tool:act:y1#0'],
      ],
    ]);
    const done = result;
    expect(done.status).toBe('done');
    expect(summarize(done.events).at(-1)).toBe('After [S,Outer,After] | assistant: After says hi');
  });
});

describe('nested parallels: interrupts of both levels pending at once', () => {
  it('one event under the outer parallel lists the inner parallel’s and its own child’s interrupts; resuming all re-runs only those children', async () => {
    const store = new MemoryStore();
    // X and Y interrupt from their model step (the step after Inner forks), Z from its tool (the same step): all three at once.
    const tree = (): Agent =>
      sequential({
        name: 'S',
        description: '',
        subAgents: [
          parallel({
            name: 'Outer',
            description: '',
            subAgents: [parallel({ name: 'Inner', description: '', subAgents: [doubtful('X'), doubtful('Y')] }), asker('Z', false)],
          }),
          talker('After'),
        ],
      });
    const runner = new Runner({ agent: tree(), store }); // one process: Z's script goes on across the resume
    const paused = await runner.query('go');
    const x = 'agent:S/agent:Outer/agent:Inner/agent:X#0';
    const y = 'agent:S/agent:Outer/agent:Inner/agent:Y#0';
    const z = 'agent:S/agent:Outer/agent:Z/tool:act:z1#0';
    expect(summarize(paused.events)).toEqual(['Z [S,Outer,Z] | assistant:  → act({})', `Outer [S,Outer] | INTERRUPTED ${x}, ${y}, ${z}`]);
    expect(paused.events.filter((e) => e.action?.interrupted)).toHaveLength(1);
    const done = await runner.resume(paused.checkpointId!, { resume: { [x]: 'yes', [y]: 'sure', [z]: approve } });
    const lines = summarize(done.events);
    // One step re-runs the three interrupted tasks side by side; each one's event goes out as it finishes, in
    // whatever order they finish. Z's next model call and After come in the steps after it.
    expect(lines.slice(0, 3).sort()).toEqual([
      'X [S,Outer,Inner,X] | assistant: X: yes',
      'Y [S,Outer,Inner,Y] | assistant: Y: sure',
      'Z [S,Outer,Z] | tool act: Z acted',
    ]);
    expect(lines.slice(3)).toEqual(['Z [S,Outer,Z] | assistant: Z done', 'After [S,Outer,After] | assistant: After says hi']);
    expect(done.status).toBe('done');
  });
});

describe('emitInternalEvents at any depth', () => {
  it('an agent tool inside an agent tool, both forwarding: the innermost events reach the outer run with RunPath outer + middle + inner', async () => {
    const inner = chatModelAgent({
      name: 'Inner',
      description: 'innermost',
      model: scriptedModel([{ text: 'deep answer' }], { name: 'Inner' }),
    });
    const middle = chatModelAgent({
      name: 'Middle',
      description: 'middle',
      model: scriptedModel([{ toolCalls: [{ name: 'Inner', arguments: { request: 'dig' }, id: 'm1' }] }, { text: 'middle answer' }], {
        name: 'Middle',
      }),
      tools: [agentTool(inner, { emitInternalEvents: true })],
    });
    const outer = chatModelAgent({
      name: 'Outer',
      description: '',
      model: scriptedModel([{ toolCalls: [{ name: 'Middle', arguments: { request: 'ask' }, id: 'o1' }] }, { text: 'outer answer' }], {
        name: 'Outer',
      }),
      tools: [agentTool(middle, { emitInternalEvents: true })],
    });
    const done = await new Runner({ agent: outer }).query('go');
    expect(summarize(done.events)).toEqual([
      'Outer [Outer] | assistant:  → Middle({"request":"ask"})',
      'Middle [Outer,Middle] | assistant:  → Inner({"request":"dig"})',
      'Inner [Outer,Middle,Inner] | assistant: deep answer',
      'Middle [Outer,Middle] | tool Inner: deep answer',
      'Middle [Outer,Middle] | assistant: middle answer',
      'Outer [Outer] | tool Middle: middle answer',
      'Outer [Outer] | assistant: outer answer',
    ]);
  });

  it('a middle tool that does not forward hides everything below it', async () => {
    const inner = chatModelAgent({ name: 'Inner', description: '', model: scriptedModel([{ text: 'deep answer' }], { name: 'Inner' }) });
    const middle = chatModelAgent({
      name: 'Middle',
      description: '',
      model: scriptedModel([{ toolCalls: [{ name: 'Inner', arguments: { request: 'dig' }, id: 'm1' }] }, { text: 'middle answer' }], {
        name: 'Middle',
      }),
      tools: [agentTool(inner, { emitInternalEvents: true })],
    });
    const outer = chatModelAgent({
      name: 'Outer',
      description: '',
      model: scriptedModel([{ toolCalls: [{ name: 'Middle', arguments: { request: 'ask' }, id: 'o1' }] }, { text: 'outer answer' }], {
        name: 'Outer',
      }),
      tools: [agentTool(middle)],
    });
    const done = await new Runner({ agent: outer }).query('go');
    expect(summarize(done.events).map((s) => s.split(' |')[0])).toEqual(['Outer [Outer]', 'Outer [Outer]', 'Outer [Outer]']);
  });

  /** Outer calls Middle (an agent tool) with Inner (an agent tool) in it, both forwarding; Inner's tool needs approval. */
  function nestedTools(levels: 1 | 2) {
    const inner = asker('Inner', false);
    if (levels === 1)
      return chatModelAgent({
        name: 'Outer',
        description: '',
        model: caller('Outer', 'Inner'),
        tools: [agentTool(inner, { emitInternalEvents: true })],
      });
    const middle = chatModelAgent({
      name: 'Middle',
      description: 'middle',
      model: caller('Middle', 'Inner'),
      tools: [agentTool(inner, { emitInternalEvents: true })],
    });
    return chatModelAgent({
      name: 'Outer',
      description: '',
      model: caller('Outer', 'Middle'),
      tools: [agentTool(middle, { emitInternalEvents: true })],
    });
  }
  const caller = (name: string, callee: string) =>
    scriptedModel(
      [{ toolCalls: [{ name: callee, arguments: { request: 'go' }, id: `${name.toLowerCase()}1` }] }, { text: `${name} answer` }],
      { name },
    );

  it('a resume inside a forwarding agent tool one level inside a sequential: resumed inner events keep [S, Outer, Inner]', async () => {
    const store = new MemoryStore();
    const runner = new Runner({ agent: sequential({ name: 'S', description: '', subAgents: [talker('A'), nestedTools(1)] }), store });
    const paused = await runner.query('go');
    const id = 'agent:S/agent:Outer/tool:Inner:outer1/agent:Inner/tool:act:inner1#0';
    expect(summarize(paused.events)).toEqual([
      'A [S,A] | assistant: A says hi',
      'Outer [S,A,Outer] | assistant:  → Inner({"request":"go"})',
      'Inner [S,A,Outer,Inner] | assistant:  → act({})',
      `Outer [S,A,Outer] | INTERRUPTED ${id}`,
    ]);
    const done = await runner.resume(paused.checkpointId!, { resume: { [id]: approve } });
    expect(summarize(done.events)).toEqual([
      'Inner [S,A,Outer,Inner] | tool act: Inner acted',
      'Inner [S,A,Outer,Inner] | assistant: Inner done',
      'Outer [S,A,Outer] | tool Inner: Inner done',
      'Outer [S,A,Outer] | assistant: Outer answer',
    ]);
  });

  it('a resume two agent tools deep, both forwarding: resumed events keep outer + middle + inner', async () => {
    const store = new MemoryStore();
    const runner = new Runner({ agent: nestedTools(2), store });
    const paused = await runner.query('go');
    const id = 'agent:Outer/tool:Middle:outer1/agent:Middle/tool:Inner:middle1/agent:Inner/tool:act:inner1#0';
    expect(summarize(paused.events)).toEqual([
      'Outer [Outer] | assistant:  → Middle({"request":"go"})',
      'Middle [Outer,Middle] | assistant:  → Inner({"request":"go"})',
      'Inner [Outer,Middle,Inner] | assistant:  → act({})',
      `Outer [Outer] | INTERRUPTED ${id}`,
    ]);
    const done = await runner.resume(paused.checkpointId!, { resume: { [id]: approve } });
    expect(summarize(done.events)).toEqual([
      'Inner [Outer,Middle,Inner] | tool act: Inner acted',
      'Inner [Outer,Middle,Inner] | assistant: Inner done',
      'Middle [Outer,Middle] | tool Inner: Inner done',
      'Middle [Outer,Middle] | assistant: Middle answer',
      'Outer [Outer] | tool Middle: Middle answer',
      'Outer [Outer] | assistant: Outer answer',
    ]);
  });
});
