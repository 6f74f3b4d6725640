import type { AgentEvent } from '@weft/agents';
import { describe, expect, it } from 'vitest';
import { AgentEventPrinter } from './print-agent-events.ts';

/** What the printer writes for these events, split into lines. */
function printed(events: AgentEvent[]): string[] {
  let out = '';
  const printer = new AgentEventPrinter((t) => (out += t));
  events.forEach((e) => printer.print(e));
  printer.finish();
  return out.split('\n');
}

const A = { agentName: 'A', runPath: ['A'] };

describe('AgentEventPrinter', () => {
  it('prints streamed text as it comes and does not repeat it with the whole message', () => {
    expect(
      printed([
        { type: 'chunk', ...A, output: { role: 'assistant', stream: { content: 'Hel' } } },
        { type: 'chunk', ...A, output: { role: 'assistant', stream: { content: 'lo\nthere' } } },
        {
          type: 'message',
          ...A,
          output: {
            role: 'assistant',
            message: { role: 'assistant', content: 'Hello\nthere', toolCalls: [{ id: 'c1', name: 'look', arguments: '{"q":1}' }] },
          },
        },
      ]),
    ).toEqual(['[A] A', '  Hello', '  there', '  call look({"q":1})', '']);
  });

  it('shows tool results on one line, cut, and a failing tool as an error', () => {
    const long = 'x'.repeat(250);
    expect(
      printed([
        {
          type: 'tool-result',
          ...A,
          output: { role: 'tool', toolName: 'look', message: { role: 'tool', content: `line 1\n${long}`, toolCallId: 'c1', name: 'look' } },
        },
        {
          type: 'tool-result',
          ...A,
          output: { role: 'tool', toolName: 'look', message: { role: 'tool', content: 'failed', toolCallId: 'c2', name: 'look' } },
          error: { name: 'AgentError', code: 'TOOL_FAILED', message: 'tool "look" failed: boom' },
        },
      ]),
    ).toEqual([
      '[A] A',
      `  result look: line 1⏎${'x'.repeat(193)}… (+57 chars)`,
      '  error in look: TOOL_FAILED: tool "look" failed: boom',
      '',
    ]);
  });

  it('prints a transfer once, with its reason, and a new header for the agent that takes over', () => {
    const call = { id: 't1', name: 'transfer_to_agent', arguments: '{"agent_name":"B","reason":"B knows"}' };
    expect(
      printed([
        { type: 'message', ...A, output: { role: 'assistant', message: { role: 'assistant', content: '', toolCalls: [call] } } },
        {
          type: 'transfer',
          ...A,
          output: {
            role: 'tool',
            toolName: 'transfer_to_agent',
            message: { role: 'tool', content: 'ok', toolCallId: 't1', name: 'transfer_to_agent' },
          },
          action: { transferToAgent: { destAgentName: 'B' } },
        },
        {
          type: 'message',
          agentName: 'B',
          runPath: ['A', 'B'],
          output: { role: 'assistant', message: { role: 'assistant', content: 'Done.' } },
        },
        { type: 'interrupt', agentName: 'B', runPath: ['A', 'B'], action: { interrupted: { interrupts: [] } } },
      ]),
    ).toEqual(['[A] A', '  → transfer to B (B knows)', '[A › B] B', '  Done.', '']);
  });

  it('prints what a context policy did as one line: messages left out with the tokens sent, or summarised by a model', () => {
    const summary = { role: 'user' as const, content: 'Earlier: the user asked about invoices.' };
    expect(
      printed([
        { type: 'context', ...A, context: { kind: 'trim', dropped: 6, tokens: 1204 } },
        { type: 'context', ...A, context: { kind: 'trim', dropped: 1, tokens: 87 } },
        { type: 'context', ...A, context: { kind: 'summary', summary, replaced: 8, model: 'scripted' } },
        { type: 'message', ...A, output: { role: 'assistant', message: { role: 'assistant', content: 'Sure.' } } },
      ]),
    ).toEqual([
      '[A] A',
      '  context  A: left out 6 earlier messages (≈1,204 tokens sent)',
      '  context  A: left out 1 earlier message (≈87 tokens sent)',
      '  context  A: summarised 8 earlier messages (by scripted)',
      '  Sure.',
      '',
    ]);
  });

  it('prints each memory read and write as one line with the keys, never the values', () => {
    const ns = ['customers', 'c-42'];
    expect(
      printed([
        {
          type: 'memory',
          ...A,
          memory: {
            kind: 'recall',
            namespace: ns,
            query: 'plan?',
            mode: 'vector',
            items: [
              { namespace: ns, key: 'plan', score: 0.8 },
              { namespace: ns, key: 'lang', score: 0.4 },
            ],
          },
        },
        {
          type: 'memory',
          ...A,
          memory: {
            kind: 'recall',
            namespace: ns,
            query: 'x',
            mode: 'keyword',
            fallback: 'this bank has no embedder: keyword search',
            items: [],
            otherBranches: 2,
          },
        },
        { type: 'memory', ...A, memory: { kind: 'write', namespace: ns, key: 'plan', status: 'written', toolCallId: 'c1' } },
        { type: 'memory', ...A, memory: { kind: 'write', namespace: ns, key: 'plan', status: 'duplicate', toolCallId: 'c1' } },
        { type: 'memory', ...A, memory: { kind: 'forget', namespace: ns, key: 'plan', deleted: true } },
        { type: 'memory', ...A, memory: { kind: 'forget', namespace: ns, key: 'gone', deleted: false } },
      ]),
    ).toEqual([
      '[A] A',
      '  memory   A: recalled plan, lang from customers/c-42 (vector)',
      '  memory   A: recalled nothing from customers/c-42 (keyword, no embedder; 2 of other branches left out)',
      '  memory   A: remembered customers/c-42:plan',
      '  memory   A: already remembered customers/c-42:plan',
      '  memory   A: forgot customers/c-42:plan',
      '  memory   A: nothing to forget at customers/c-42:gone',
      '',
    ]);
  });

  it('prints a guardrail trip, rewrite and failed-open check as one line each, and a released window not at all', () => {
    const B = { agentName: 'B', runPath: ['A', 'B'] };
    expect(
      printed([
        { type: 'guardrail', ...A, guardrail: { name: 'no-card', stage: 'output', action: 'release', heldChars: 40, heldMs: 3 } },
        { type: 'guardrail', ...A, guardrail: { name: 'redact', stage: 'tool-after', action: 'rewrite', original: 'x', replacement: 'y' } },
        { type: 'guardrail', ...A, guardrail: { name: 'tidy', stage: 'input', action: 'rewrite', reason: 'dropped a signature' } },
        {
          type: 'guardrail',
          ...A,
          guardrail: { name: 'slow-check', stage: 'input', action: 'failed-open', reason: 'timed out\n\u001b[2J' },
        },
        { type: 'guardrail', ...B, guardrail: { name: 'no-card', stage: 'output', action: 'release', heldChars: 12, heldMs: 1 } },
        { type: 'guardrail', ...A, guardrail: { name: 'no-card', stage: 'output', action: 'trip', reason: 'contains a card number' } },
      ]),
    ).toEqual([
      '[A] A',
      '  guardrail redact (tool-after) rewrote the result',
      '  guardrail tidy (input) rewrote the input: dropped a signature',
      '  guardrail slow-check (input) failed open: timed out\\n\\x1b[2J',
      '  guardrail no-card (output) tripped: contains a card number',
      '',
    ]);
  });

  it('shows images, files and audio as markers in place, never their bytes, and leaves reasoning out', () => {
    const png = new Uint8Array(41 * 1024);
    const pdf = new Uint8Array(1_258_291);
    expect(
      printed([
        {
          type: 'message',
          ...A,
          output: {
            role: 'assistant',
            message: {
              role: 'assistant',
              content: [
                { type: 'reasoning', text: 'they want a chart' },
                { type: 'text', text: 'Here is the chart:' },
                { type: 'image', mediaType: 'image/png', data: png },
                { type: 'text', text: 'and the report' },
                { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: pdf },
                { type: 'image', url: 'https://example.com/a.png' },
              ],
            },
          },
        },
        {
          type: 'tool-result',
          ...A,
          output: {
            role: 'tool',
            toolName: 'speak',
            message: {
              role: 'tool',
              content: [{ type: 'audio', mediaType: 'audio/wav', data: new Uint8Array(900) }],
              toolCallId: 'c1',
              name: 'speak',
            },
          },
        },
      ]),
    ).toEqual([
      '[A] A',
      '  Here is the chart: [image image/png 41 KiB] and the report [file report.pdf application/pdf 1.2 MiB] [image https://example.com/a.png]',
      '  result speak: [audio audio/wav 900 bytes]',
      '',
    ]);
  });
});
