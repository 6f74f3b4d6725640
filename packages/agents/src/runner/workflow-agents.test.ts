import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, loop, parallel, Runner, sequential, tool, type Agent } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

/** An agent that answers its script in order; by default "<name> <n>". */
function talker(name: string, script?: ScriptItem[], extra: Partial<Parameters<typeof chatModelAgent>[0]> = {}) {
  const model = scriptedModel(script ?? Array.from({ length: 6 }, (_, i) => ({ text: `${name} ${i + 1}` })), { name });
  return { agent: chatModelAgent({ name, description: `${name} agent`, model, ...extra }), model };
}
const run = (agent: Agent) => new Runner({ agent }).query('start');
const paths = (events: { agentName: string; runPath: string[] }[]) => events.map((e) => `${e.agentName}:${e.runPath.join('>')}`);

describe('RunPath and history in workflow agents', () => {
  it('sequential accumulates earlier siblings, and later children see earlier ones as context', async () => {
    const a = talker('A');
    const b = talker('B');
    const done = await run(sequential({ name: 'S', description: '', subAgents: [a.agent, b.agent] }));
    expect(summarize(done.events)).toEqual(['A [S,A] | assistant: A 1', 'B [S,A,B] | assistant: B 1']);
    expect(b.model.calls[0]!.messages).toEqual([
      { role: 'user', content: 'start' },
      { role: 'user', content: 'For context: [A] said: A 1.' },
    ]);
  });

  it('loop keeps growing the RunPath across iterations', async () => {
    const done = await run(loop({ name: 'L', description: '', subAgents: [talker('A').agent, talker('B').agent], maxIterations: 2 }));
    expect(paths(done.events)).toEqual(['A:L>A', 'B:L>A>B', 'A:L>A>B>A', 'B:L>A>B>A>B']);
    expect(summarize(done.events).map((s) => s.split(' | ')[1])).toEqual([
      'assistant: A 1',
      'assistant: B 1',
      'assistant: A 2',
      'assistant: B 2',
    ]);
  });

  it('parallel children are side by side, do not see each other, and a later agent sees both in child order', async () => {
    const x = talker('X');
    const y = talker('Y');
    const z = talker('Z');
    const done = await run(
      sequential({
        name: 'S',
        description: '',
        subAgents: [parallel({ name: 'P', description: '', subAgents: [x.agent, y.agent] }), z.agent],
      }),
    );
    expect(paths(done.events).slice(0, 2).sort()).toEqual(['X:S>P>X', 'Y:S>P>Y']);
    expect(paths(done.events)[2]).toBe('Z:S>P>Z');
    expect(x.model.calls[0]!.messages).toEqual([{ role: 'user', content: 'start' }]);
    expect(y.model.calls[0]!.messages).toEqual([{ role: 'user', content: 'start' }]);
    expect(z.model.calls[0]!.messages).toEqual([
      { role: 'user', content: 'start' },
      { role: 'user', content: 'For context: [X] said: X 1.' },
      { role: 'user', content: 'For context: [Y] said: Y 1.' },
    ]);
  });

  it('a parallel child’s history lane is removed at the join, once its events are in the parent lane', async () => {
    const runner = new Runner({
      agent: sequential({
        name: 'S',
        description: '',
        subAgents: [parallel({ name: 'P', description: '', subAgents: [talker('X').agent, talker('Y').agent] }), talker('Z').agent],
      }),
    });
    const done = await runner.query('start');
    expect(done.status).toBe('done');
    const state = (await runner.graph.run({ messages: [{ role: 'user', content: 'again' }], session: {} })).state;
    expect(Object.keys(state.lanes)).toEqual(['main']);
    expect(state.lanes['main']!.events.flat().map((e) => e.agentName)).toEqual(['', 'X', 'Y', 'Z']);
  });

  it('nesting composes: S[L[A1, A2], A3, P[A4, A5]]', async () => {
    const [a1, a2, a3, a4, a5] = ['A1', 'A2', 'A3', 'A4', 'A5'].map((n): Agent => talker(n).agent) as [Agent, Agent, Agent, Agent, Agent];
    const tree = sequential({
      name: 'S',
      description: '',
      subAgents: [
        loop({ name: 'L', description: '', subAgents: [a1, a2], maxIterations: 2 }),
        a3,
        parallel({ name: 'P', description: '', subAgents: [a4, a5] }),
      ],
    });
    const done = await run(tree);
    const got = paths(done.events);
    expect(got.slice(0, 5)).toEqual(['A1:S>L>A1', 'A2:S>L>A1>A2', 'A1:S>L>A1>A2>A1', 'A2:S>L>A1>A2>A1>A2', 'A3:S>L>A1>A2>A1>A2>A3']);
    expect(got.slice(5).sort()).toEqual(['A4:S>L>A1>A2>A1>A2>A3>P>A4', 'A5:S>L>A1>A2>A1>A2>A3>P>A5']);
  });
});

describe('ending workflows early', () => {
  const exitScript: ScriptItem[] = [{ toolCalls: [{ name: 'exit', arguments: { final_result: 'stop here' } }] }];

  it('an exit ends the agent and every enclosing sequential and loop agent', async () => {
    const a = talker('A', exitScript, { exit: true });
    const b = talker('B');
    const done = await run(
      loop({
        name: 'L',
        description: '',
        subAgents: [sequential({ name: 'S', description: '', subAgents: [a.agent, b.agent] })],
        maxIterations: 3,
      }),
    );
    expect(summarize(done.events)).toEqual([
      'A [L,S,A] | assistant:  → exit({"final_result":"stop here"})',
      'A [L,S,A] | tool exit: stop here | EXIT',
    ]);
    expect(done.status).toBe('done');
    expect(b.model.calls).toHaveLength(0);
  });

  it('an exit in a parallel child ends only that branch', async () => {
    const x = talker('X', exitScript, { exit: true });
    const z = talker('Z');
    const done = await run(
      sequential({
        name: 'S',
        description: '',
        subAgents: [parallel({ name: 'P', description: '', subAgents: [x.agent, talker('Y').agent] }), z.agent],
      }),
    );
    expect(done.events.map((e) => e.agentName)).toContain('Y');
    expect(paths(done.events).at(-1)).toBe('Z:S>P>Z');
  });

  it('an error stops a sequential; in a parallel the other children still finish', async () => {
    const bad = talker('Bad', [{ error: new Error('model down') }]);
    const after = talker('After');
    const seq = await run(sequential({ name: 'S', description: '', subAgents: [bad.agent, after.agent] }));
    expect(seq.status).toBe('error');
    expect(seq.error).toMatchObject({ code: 'MODEL_FAILED', cause: { message: 'model down' } });
    expect(summarize(seq.events)).toEqual(['Bad [S,Bad] | ERROR MODEL_FAILED']);
    expect(after.model.calls).toHaveLength(0);
    const par = await run(
      parallel({ name: 'P', description: '', subAgents: [talker('Bad2', [{ error: new Error('down') }]).agent, talker('Good').agent] }),
    );
    expect(par.status).toBe('error');
    expect(summarize(par.events).sort()).toEqual(['Bad2 [P,Bad2] | ERROR MODEL_FAILED', 'Good [P,Good] | assistant: Good 1']);
  });

  it('breakLoop finishes the current child, then stops the innermost loop', async () => {
    const stop = tool({
      name: 'stop',
      description: '',
      parameters: { type: 'object' },
      execute: (_a, ctx) => (ctx.breakLoop(), 'stopping'),
    });
    const a = talker('A', [{ text: 'A 1' }, { toolCalls: [{ name: 'stop', arguments: {} }] }, { text: 'A after break' }], {
      tools: [stop],
    });
    const b = talker('B');
    const done = await run(loop({ name: 'L', description: '', subAgents: [a.agent, b.agent], maxIterations: 0 }));
    expect(summarize(done.events)).toEqual([
      'A [L,A] | assistant: A 1',
      'B [L,A,B] | assistant: B 1',
      'A [L,A,B,A] | assistant:  → stop({})',
      'A [L,A,B,A] | tool stop: stopping | BREAK',
      'A [L,A,B,A] | assistant: A after break',
    ]);
    expect(b.model.calls).toHaveLength(1);
  });

  it('rejects bad workflow definitions and duplicate names in a tree', () => {
    expect(() => sequential({ name: 'S', description: '', subAgents: [] })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => loop({ name: 'L', description: '', subAgents: [talker('A').agent], maxIterations: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    const a = talker('A').agent;
    expect(() => new Runner({ agent: sequential({ name: 'S', description: '', subAgents: [a, a] }) })).toThrow(
      expect.objectContaining({ code: 'AGENT_TREE_INVALID' }),
    );
  });
});
