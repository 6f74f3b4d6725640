import { join } from 'node:path';
import { END, graph, interrupt, MemoryStore, START } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { recordSupportRun, recordXssRun, tempDir, XSS_PAYLOAD } from '../../test-support/recorded-runs.ts';
import { vizModel } from '../model/build-viz-model.ts';
import { readRunLog } from '../run-log/read-run-log.ts';
import { agentMessage } from './agent-message.ts';
import { buildReplay, type ReplayStep } from './build-replay.ts';

const dir = tempDir('weft-viz-replay-');
const summary = (s: ReplayStep) => ({
  run: s.run,
  step: s.step,
  completed: s.completed,
  active: s.active,
  checkpoints: s.checkpoints.length,
  interrupts: s.interrupts.length,
});

describe('buildReplay', () => {
  it('cuts a run and its resume into top-level steps, run after run; the resume starts with the step it picked up at', async () => {
    const g = graph<string, string>({ name: 'approval' })
      .addNode('draft', (s: string) => `${s}!`)
      .addNode('ask', (s: string) => `${s} ${String(interrupt({ question: 'ok?' }))}`)
      .addEdge(START, 'draft')
      .addEdge('draft', 'ask')
      .addEdge('ask', END)
      .compile({ store: new MemoryStore() });
    const path = join(dir, 'approval.jsonl');
    const stopped = await g.run('hi', { threadId: 't', record: path });
    await g.resume({ threadId: 't', resume: { [stopped.interrupts[0]!.id]: 'yes' }, record: path });
    const replay = buildReplay(await readRunLog(path));
    expect(replay.steps.map(summary)).toEqual([
      { run: 1, step: 0, completed: 0, active: [], checkpoints: 1, interrupts: 0 },
      { run: 1, step: 1, completed: 1, active: ['draft'], checkpoints: 1, interrupts: 0 },
      { run: 1, step: 2, completed: 1, active: ['ask'], checkpoints: 1, interrupts: 1 },
      { run: 2, step: 1, completed: 1, active: [], checkpoints: 1, interrupts: 0 },
      { run: 2, step: 2, completed: 2, active: ['ask'], checkpoints: 1, interrupts: 0 },
    ]);
    // Each position's numbers are its checkpoint's, as the store (and so weft history and the Studio) has them.
    for (const s of replay.steps) {
      const written = s.checkpoints.at(-1)!;
      const stored = await g.getState('t', written.checkpointId);
      expect([stored.seq, stored.step]).toEqual([written.seq, s.completed]);
    }
    expect(replay.steps[2]!.interrupts).toEqual([{ id: 'ask#0', address: 'ask', path: ['ask'], info: { question: 'ok?' } }]);
    expect(replay.runs).toEqual([
      { run: 1, graphHash: g.hash, ts: expect.any(Number), status: 'interrupted' },
      { run: 2, graphHash: g.hash, ts: expect.any(Number), resumedFrom: expect.any(String), status: 'done' },
    ]);
    expect(replay.truncatedAtLine).toBeUndefined();
  });

  it("puts a subgraph's nodes in the top-level step they ran in, named by their path: the model's node ids", async () => {
    const inner = graph<number, number>({ name: 'inner' })
      .addNode('a', (n: number) => n + 1)
      .addNode('b', (n: number) => n * 2)
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', END)
      .compile();
    const outer = graph<number, number>({ name: 'outer' })
      .addNode('prep', (n: number) => n)
      .addNode('sub', inner)
      .addNode('done', (n: number) => n)
      .addEdge(START, 'prep')
      .addEdge('prep', 'sub')
      .addEdge('sub', 'done')
      .addEdge('done', END)
      .compile();
    const path = join(dir, 'subgraph.jsonl');
    expect((await outer.run(1, { record: path })).output).toBe(4);
    const replay = buildReplay(await readRunLog(path));
    expect(replay.steps.map((s) => [s.step, s.active])).toEqual([
      [0, []],
      [1, ['prep']],
      [2, ['sub', 'sub/a', 'sub/b']],
      [3, ['done']],
    ]);
    const ids = new Set(vizModel(outer).nodes.map((n) => n.id));
    for (const id of replay.steps.flatMap((s) => s.active)) expect(ids).toContain(id);
  });

  it("lists the agents' messages of each step: who, role, tool, tool calls, transfers; tool results keep their text as is", async () => {
    const path = join(dir, 'support.jsonl');
    await recordSupportRun(path);
    const replay = buildReplay(await readRunLog(path));
    const said = replay.steps.flatMap((s) =>
      s.messages.map(
        (m) =>
          `${s.run}.${s.step} ${m.agentName} ${m.role}${m.toolName ? `:${m.toolName}` : ''}${m.transferTo ? ` → ${m.transferTo}` : ''}`,
      ),
    );
    // A ReAct turn is two steps (model, tools): each agent's tool call and its next answer are one step apart.
    expect(said).toEqual([
      '1.2 Coordinator assistant',
      '1.3 Coordinator tool:transfer_to_agent → Tech',
      '1.4 Tech assistant',
      '1.5 Tech tool:transfer_to_agent → Database',
      '1.6 Database assistant',
      '1.7 Database tool:slow_queries',
      '1.8 Database assistant',
      '1.9 Database tool:transfer_to_agent → Tech',
      '1.10 Tech assistant',
      '1.11 Tech tool:transfer_to_agent → Coordinator',
      '1.12 Coordinator assistant',
      '1.13 Coordinator tool:transfer_to_agent → Billing',
      '1.14 Billing assistant',
      '1.15 Billing tool:lookup_invoice',
      '1.16 Billing assistant',
      '2.17 Billing tool:refund',
      '2.18 Billing assistant',
      '2.19 Billing tool:transfer_to_agent → Coordinator',
      '2.20 Coordinator assistant',
    ]);
    const refundCall = replay.steps.find((s) => s.run === 1 && s.step === 16)!.messages[0]!;
    expect(refundCall).toMatchObject({
      node: 'Billing',
      toolCalls: [{ name: 'refund', arguments: expect.stringContaining('"INV-1042"') }],
    });
    const stop = replay.steps.find((s) => s.interrupts.length > 0)!;
    expect(summary(stop)).toEqual({ run: 1, step: 17, completed: 16, active: ['Billing:tools'], checkpoints: 1, interrupts: 1 });
    expect(stop.interrupts[0]).toMatchObject({ info: { tool: 'refund' } });
    expect(replay.steps.at(-1)!.messages[0]!.content).toMatch(/^Done: the missing index is identified/);

    const xss = join(dir, 'xss.jsonl');
    await recordXssRun(xss);
    const contents = buildReplay(await readRunLog(xss)).steps.flatMap((s) => s.messages.map((m) => m.content));
    expect(contents).toEqual(['', XSS_PAYLOAD, `The tool said: ${XSS_PAYLOAD}`]);
  });

  it('reports a truncated log', () => {
    const replay = buildReplay({ graph: { name: 'g', hash: 'h', nodes: [], edges: [] }, runs: [], truncated: { line: 7, text: '{' } });
    expect(replay).toEqual({ runs: [], steps: [], truncatedAtLine: 7 });
  });
});

describe('agentMessage', () => {
  const wrap = (agentEvent: unknown) => ({ channel: 'weft.agent', data: agentEvent });

  it('reads an agent event of a log written before events had channels (data["weft.agentEvent"])', () => {
    const event = { agentName: 'A', runPath: ['A'], output: { message: { role: 'assistant', content: 'hi' }, role: 'assistant' } };
    expect(agentMessage('n', { data: { 'weft.agentEvent': event } })).toEqual(agentMessage('n', wrap(event)));
    expect(agentMessage('n', wrap(event))).toMatchObject({ agentName: 'A', role: 'assistant', content: 'hi' });
  });

  it('reads actions without a message (transfer, exit, interrupted) and errors', () => {
    expect(agentMessage('n', wrap({ agentName: 'A', runPath: ['A'], action: { transferToAgent: { destAgentName: 'B' } } }))).toEqual({
      node: 'n',
      agentName: 'A',
      role: 'action',
      content: '',
      toolCalls: [],
      transferTo: 'B',
    });
    expect(agentMessage('n', wrap({ agentName: 'A', action: { exit: true } }))).toMatchObject({ exit: true });
    expect(agentMessage('n', wrap({ agentName: 'A', action: { interrupted: { interrupts: [{}, {}] } } }))).toMatchObject({ interrupts: 2 });
    expect(agentMessage('n', wrap({ agentName: 'A', error: { code: 'TOOL_FAILED', message: 'boom' } }))).toMatchObject({
      role: 'error',
      error: { code: 'TOOL_FAILED', message: 'boom' },
    });
  });

  it('skips streamed chunks, custom data that is not an agent event, and malformed events; reads parts as their text and their media', () => {
    expect(agentMessage('n', wrap({ agentName: 'A', output: { stream: { content: 'pa' }, role: 'assistant' } }))).toBeUndefined();
    expect(agentMessage('n', { data: { progress: 0.5 } })).toBeUndefined();
    expect(
      agentMessage('n', { channel: 'my-app.progress', data: { agentName: 'A', output: { message: { role: 'user', content: 'x' } } } }),
    ).toBeUndefined();
    expect(agentMessage('n', { data: 'text' })).toBeUndefined();
    expect(agentMessage('n', wrap({ agentName: 42 }))).toBeUndefined();
    const image = { type: 'image', mediaType: 'image/png', data: new Uint8Array([1, 2]) };
    const content = [{ type: 'reasoning', text: 'hm' }, { type: 'text', text: 'hi ' }, image, { type: 'text', text: 'there' }];
    expect(agentMessage('n', wrap({ agentName: 'A', output: { message: { role: 'user', content } } }))).toEqual({
      node: 'n',
      agentName: 'A',
      role: 'user',
      content: 'hi there',
      parts: [image],
      toolCalls: [],
    });
    expect(agentMessage('n', wrap({ agentName: 'A', output: { message: { role: 'user', content: 42 } } }))).toMatchObject({
      content: '42',
    });
  });
});
