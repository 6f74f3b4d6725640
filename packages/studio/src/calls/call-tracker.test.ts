import type { GraphEvent, InstrumentedNode } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import type { CallEventData } from '../events/call-event.ts';
import { CallTracker } from './call-tracker.ts';

const NODES: ReadonlyMap<string, InstrumentedNode> = new Map([
  ['Echo', { kind: 'chat-model', annotations: { agent: 'Echo', model: 'echo-model', modelInfo: { request: { model: 'echo-v1' } } } }],
  ['Echo:tools', { kind: 'tools', annotations: { agent: 'Echo' } }],
  ['Echo:agent:Helper', { kind: 'agent-tool', annotations: { agent: 'Echo', agentTool: 'helper', innerAgent: 'Helper' } }],
  ['run:start', { kind: 'lambda', annotations: { role: 'run-start' } }],
]);

const base = { runId: 'r', threadId: 't', step: 1, path: [] as string[] };
const start = (node: string, ts: number, input: unknown, key?: string): GraphEvent => ({
  ...base,
  type: 'node.start',
  node,
  key,
  input,
  attempt: 1,
  ts,
});
const end = (node: string, ts: number, durationMs: number, output: unknown, key?: string): GraphEvent => ({
  ...base,
  type: 'node.end',
  node,
  key,
  output,
  durationMs,
  ts,
});
const failure = { name: 'WeftError', code: 'MODEL_FAILED', message: 'down' } as const;

function tracker(prices = {}) {
  const sent: CallEventData[] = [];
  return { calls: new CallTracker(NODES, prices, (d) => sent.push(d)), sent };
}

describe('CallTracker', () => {
  it('sends a model call’s start with its input, and its end with usage, finish reason and the cost of the most specific priced name', () => {
    const { calls, sent } = tracker({
      'echo-v1': { inputPerMillion: 1, outputPerMillion: 2 },
      'echo-model': { inputPerMillion: 9, outputPerMillion: 9 },
    });
    calls.event(start('run:start', 1, {}));
    calls.event(start('Echo', 10, { enter: true }));
    expect(sent).toEqual([]);
    calls.modelInput({ agentName: 'Echo', path: [], node: 'Echo', key: undefined, messages: [{ role: 'user', content: 'hi' }] });
    const message = { role: 'assistant', content: 'hello', usage: { inputTokens: 100, outputTokens: 10 }, finishReason: 'stop' };
    calls.event(end('Echo', 25, 15, { kind: 'answer', message }));
    expect(sent).toEqual([
      {
        phase: 'start',
        kind: 'model',
        callId: 'c1',
        agentName: 'Echo',
        node: 'Echo',
        path: [],
        ts: 10,
        model: 'echo-model',
        messages: [{ role: 'user', content: 'hi' }],
      },
      {
        phase: 'end',
        kind: 'model',
        callId: 'c1',
        ts: 25,
        durationMs: 15,
        status: 'done',
        message,
        usage: { inputTokens: 100, outputTokens: 10 },
        finishReason: 'stop',
        priceModel: 'echo-v1',
        cost: (100 * 1 + 10 * 2) / 1_000_000,
      },
    ]);
  });

  it('a retried attempt is a failed call and the next attempt a new one; a node’s error fails its open calls', () => {
    const { calls, sent } = tracker();
    calls.event(start('Echo', 10, {}));
    calls.event({ ...base, type: 'node.retry', node: 'Echo', key: undefined, attempt: 1, error: failure, delayMs: 5, ts: 20 });
    calls.event(start('Echo', 30, {}));
    calls.event({ ...base, type: 'error', node: 'Echo', error: failure, ts: 45 });
    // Neither call reported an input (it failed before calling the model): each start goes out with its end.
    expect(sent.map((d) => [d.phase, d.callId, d.ts, d.phase === 'end' ? [d.status, d.durationMs, d.error] : 'messages' in d])).toEqual([
      ['start', 'c1', 10, false],
      ['end', 'c1', 20, ['failed', 10, { code: 'MODEL_FAILED', message: 'down' }]],
      ['start', 'c2', 30, false],
      ['end', 'c2', 45, ['failed', 15, { code: 'MODEL_FAILED', message: 'down' }]],
    ]);
  });

  it('tool calls by task key: a failed tool, one stopped at an interrupt, one cancelled by the run’s end; other nodes and subgraphs are no calls', () => {
    const { calls, sent } = tracker();
    const call = (id: string) => ({ id, name: `tool_${id}`, arguments: `{"id":"${id}"}` });
    calls.event(start('Echo:tools', 10, call('a'), 'tool:a'));
    calls.event(start('Echo:tools', 11, call('b'), 'tool:b'));
    calls.event({ ...start('Echo:tools', 12, call('x'), 'tool:x'), path: ['Inner'] });
    calls.event(end('Echo:tools', 20, 10, { content: 'Error: no', error: { code: 'TOOL_FAILED', message: 'no' } }, 'tool:a'));
    calls.event({ ...base, type: 'interrupt', interrupts: [], ts: 30 });
    calls.event(start('Echo:tools', 40, call('c'), 'tool:c'));
    calls.event({ ...base, type: 'run.end', status: 'error', output: undefined, ts: 50 });
    calls.end(60, 'error');
    expect(sent).toEqual([
      {
        phase: 'start',
        kind: 'tool',
        callId: 'c1',
        agentName: 'Echo',
        node: 'Echo:tools',
        path: [],
        ts: 10,
        toolName: 'tool_a',
        toolCallId: 'a',
        arguments: '{"id":"a"}',
      },
      {
        phase: 'start',
        kind: 'tool',
        callId: 'c2',
        agentName: 'Echo',
        node: 'Echo:tools',
        path: [],
        ts: 11,
        toolName: 'tool_b',
        toolCallId: 'b',
        arguments: '{"id":"b"}',
      },
      {
        phase: 'end',
        kind: 'tool',
        callId: 'c1',
        ts: 20,
        durationMs: 10,
        status: 'failed',
        result: 'Error: no',
        error: { code: 'TOOL_FAILED', message: 'no' },
      },
      { phase: 'end', kind: 'tool', callId: 'c2', ts: 30, durationMs: 19, status: 'interrupted' },
      {
        phase: 'start',
        kind: 'tool',
        callId: 'c3',
        agentName: 'Echo',
        node: 'Echo:tools',
        path: [],
        ts: 40,
        toolName: 'tool_c',
        toolCallId: 'c',
        arguments: '{"id":"c"}',
      },
      { phase: 'end', kind: 'tool', callId: 'c3', ts: 50, durationMs: 10, status: 'cancelled' },
    ]);
  });

  it('an agent tool’s call is a tool call: the call the model made, the request its agent is given, the result', () => {
    const { calls, sent } = tracker();
    const input = { messages: [{ role: 'user', content: 'Summarise A1' }], session: {}, call: { id: 'h1', name: 'helper' } };
    calls.event(start('Echo:agent:Helper', 10, input, 'tool:helper:h1'));
    calls.event(end('Echo:agent:Helper', 30, 20, { callId: 'h1', name: 'helper', content: 'A1: paid', agentTool: true }, 'tool:helper:h1'));
    expect(sent).toEqual([
      {
        phase: 'start',
        kind: 'tool',
        callId: 'c1',
        agentName: 'Echo',
        node: 'Echo:agent:Helper',
        path: [],
        ts: 10,
        toolName: 'helper',
        toolCallId: 'h1',
        arguments: 'Summarise A1',
      },
      { phase: 'end', kind: 'tool', callId: 'c1', ts: 30, durationMs: 20, status: 'done', result: 'A1: paid' },
    ]);
  });

  it('a tool result of content parts ends with its text as the result', () => {
    const { calls, sent } = tracker();
    const input = { messages: [{ role: 'user', content: 'Draw' }], session: {}, call: { id: 'h1', name: 'helper' } };
    calls.event(start('Echo:agent:Helper', 10, input, 'tool:helper:h1'));
    const content = [
      { type: 'text', text: 'The chart:' },
      { type: 'image', mediaType: 'image/png', data: new Uint8Array(3) },
    ];
    calls.event(end('Echo:agent:Helper', 30, 20, { callId: 'h1', name: 'helper', content, agentTool: true }, 'tool:helper:h1'));
    expect(sent.at(-1)).toEqual({ phase: 'end', kind: 'tool', callId: 'c1', ts: 30, durationMs: 20, status: 'done', result: 'The chart:' });
  });
});
