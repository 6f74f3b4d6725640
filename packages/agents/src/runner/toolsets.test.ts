import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool, type Tool, type Toolset } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const named = (name: string, answer: string): Tool =>
  tool({ name, description: `the ${name} tool`, parameters: { type: 'object' }, execute: () => answer });

describe('toolsets: tools that may change while the agent runs', () => {
  it('the model sees the toolset as it stands at each call; a tool added during the run is called at the next turn', async () => {
    const list: Tool[] = [named('first', 'first ok')];
    const set: Toolset = { kind: 'toolset', name: 'remote', tools: () => list };
    const model = scriptedModel(
      [
        (messages, options) => {
          const seen = (options?.tools ?? []).map((t) => t.name).join(',');
          const tools = messages.filter((m) => m.role === 'tool').length;
          if (tools === 0) {
            list.push(named('second', 'second ok')); // the server added a tool while the first call ran
            return { toolCalls: [{ id: 'a', name: 'first', arguments: {} }], text: seen };
          }
          if (tools === 1) return { toolCalls: [{ id: 'b', name: 'second', arguments: {} }], text: seen };
          return { text: `done, saw ${seen}` };
        },
      ],
      { repeatLast: true },
    );
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [named('local', 'local ok'), set] });
    const r = await new Runner({ agent }).query('go');
    expect(r.status === 'done' && r.finalOutput).toBe('done, saw local,first,second');
    expect(summarize(r.events)).toEqual([
      'A [A] | assistant: local,first → first({})',
      'A [A] | tool first: first ok',
      'A [A] | assistant: local,first,second → second({})',
      'A [A] | tool second: second ok',
      'A [A] | assistant: done, saw local,first,second',
    ]);
  });

  it("a toolset's tool named like one of the agent's own is left out; a removed tool is not found", async () => {
    const list: Tool[] = [named('local', 'from the server'), named('gone', 'gone ok')];
    const set: Toolset = { kind: 'toolset', name: 'remote', tools: () => list };
    const model = scriptedModel([
      { toolCalls: [{ id: 'a', name: 'local', arguments: {} }] },
      () => (list.splice(1, 1), { toolCalls: [{ id: 'b', name: 'gone', arguments: {} }] }),
      { text: 'ok' },
    ]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [named('local', 'the agent’s own'), set] });
    const r = await new Runner({ agent }).query('go');
    const lines = summarize(r.events);
    expect(lines[1]).toBe('A [A] | tool local: the agent’s own');
    expect(lines[3]).toMatch(/^A \[A\] \| tool gone: Error: there is no tool named "gone"; available tools: local/);
    expect(() => chatModelAgent({ name: 'B', description: '', model, tools: [{ kind: 'toolset', name: 'x' } as never] })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
