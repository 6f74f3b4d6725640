import { MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, parallel, Runner, sequential, tool, type Agent } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const approve = { approved: true };

/** An agent whose first turn calls a tool that needs approval, then answers. Fresh per process. */
function asker(name: string, later: boolean) {
  const act = tool({ name: 'act', description: '', parameters: { type: 'object' }, needsApproval: true, execute: () => `${name} acted` });
  const first: ScriptItem = { toolCalls: [{ name: 'act', arguments: {}, id: `${name.toLowerCase()}1` }] };
  const model = scriptedModel(later ? [{ text: `${name} done` }] : [first, { text: `${name} done` }], { name });
  return chatModelAgent({ name, description: '', model, tools: [act] });
}
const talker = (name: string, calls: string[]) =>
  chatModelAgent({
    name,
    description: '',
    model: scriptedModel([(_m) => (calls.push(name), { text: `${name} says hi` })], { name, repeatLast: true }),
  });

describe('interrupt and resume inside workflow agents', () => {
  it('a sequential child: the event names the child and its RunPath; the resume continues that RunPath; earlier children never re-run', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const tree = (later: boolean): Agent =>
      sequential({ name: 'S', description: '', subAgents: [talker('A', calls), asker('B', later), talker('C', calls)] });
    const paused = await new Runner({ agent: tree(false), store }).query('go');
    expect(summarize(paused.events)).toEqual([
      'A [S,A] | assistant: A says hi',
      'B [S,A,B] | assistant:  → act({})',
      'B [S,A,B] | INTERRUPTED agent:S/agent:B/tool:act:b1#0',
    ]);
    const done = await new Runner({ agent: tree(true), store }).resume(paused.checkpointId!, {
      resume: { 'agent:S/agent:B/tool:act:b1#0': approve },
    });
    expect(summarize(done.events)).toEqual([
      'B [S,A,B] | tool act: B acted',
      'B [S,A,B] | assistant: B done',
      'C [S,A,B,C] | assistant: C says hi',
    ]);
    expect(calls).toEqual(['A', 'C']);
  });

  // A step is a barrier: Y's finished tool call is kept, but Y's next model call waits until X's step completes too.
  it('two parallel children interrupted at once: one event under the parallel agent lists both; each resume runs only its child', async () => {
    const store = new MemoryStore();
    const tree = (later: boolean): Agent => parallel({ name: 'P', description: '', subAgents: [asker('X', later), asker('Y', later)] });
    const paused = await new Runner({ agent: tree(false), store }).query('go');
    const interrupted = paused.events.filter((e) => e.action?.interrupted);
    expect(interrupted).toEqual([
      {
        type: 'interrupt',
        agentName: 'P',
        runPath: ['P'],
        action: {
          interrupted: {
            interrupts: [
              expect.objectContaining({ id: 'agent:P/agent:X/tool:act:x1#0', info: { tool: 'act', arguments: {} } }),
              expect.objectContaining({ id: 'agent:P/agent:Y/tool:act:y1#0', info: { tool: 'act', arguments: {} } }),
            ],
          },
        },
      },
    ]);
    const one = await new Runner({ agent: tree(true), store }).resume(paused.checkpointId!, {
      resume: { 'agent:P/agent:Y/tool:act:y1#0': approve },
    });
    expect(summarize(one.events)).toEqual(['Y [P,Y] | tool act: Y acted', 'P [P] | INTERRUPTED agent:P/agent:X/tool:act:x1#0']);
    const both = await new Runner({ agent: tree(true), store }).resume(one.checkpointId!, {
      resume: { 'agent:P/agent:X/tool:act:x1#0': approve },
    });
    expect(summarize(both.events)).toEqual(['X [P,X] | tool act: X acted', 'X [P,X] | assistant: X done', 'Y [P,Y] | assistant: Y done']);
    expect(both.status).toBe('done');
  });
});
