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
});
