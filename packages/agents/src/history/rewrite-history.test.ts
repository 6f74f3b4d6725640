import { describe, expect, it } from 'vitest';
import { assistantMessage, systemMessage, toolMessage, userMessage, type Message } from '@weft/chat-model';
import type { RecordedEvent } from './recorded-event.ts';
import { rewriteHistory, type HistoryRewriter } from './rewrite-history.ts';

const event = (agentName: string, message: Message, transfer?: true): RecordedEvent =>
  transfer ? { agentName, runPath: [agentName], message, transfer } : { agentName, runPath: [agentName], message };

const weatherCall = { id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' };
const timeCall = { id: 'c2', name: 'get_time', arguments: '{"tz": "CET"}' };
const transferCall = { id: 't1', name: 'transfer_to_agent', arguments: '{"agent_name":"Child"}' };

describe('rewriteHistory()', () => {
  it('returns nothing for no events', () => {
    expect(rewriteHistory('Child', [])).toEqual([]);
    expect(rewriteHistory('Child', [], { skipTransferMessages: true })).toEqual([]);
  });

  it("keeps the agent's own messages of every role unchanged", () => {
    const own: Message[] = [
      systemMessage('be brief'),
      userMessage('hello'),
      { ...assistantMessage('calling', [weatherCall]), usage: { inputTokens: 3, outputTokens: 4 } },
      toolMessage('sunny', 'c1', 'get_weather'),
      assistantMessage(''),
    ];
    expect(
      rewriteHistory(
        'Child',
        own.map((m) => event('Child', m)),
      ),
    ).toEqual(own);
  });

  it("returns copies of the agent's own messages, sharing no object with the events", () => {
    const message: Message = { ...assistantMessage('calling', [weatherCall]), usage: { inputTokens: 3, outputTokens: 4 } };
    const events = [event('Child', message)];
    const [copy] = rewriteHistory('Child', events);
    expect(copy).toEqual(message);
    expect(copy).not.toBe(message);
    expect(copy?.toolCalls).not.toBe(message.toolCalls);
    expect(copy?.toolCalls?.[0]).not.toBe(message.toolCalls?.[0]);
    expect(copy?.usage).not.toBe(message.usage);
    copy!.toolCalls![0]!.name = 'changed';
    copy!.content = 'changed';
    expect(events[0]!.message).toEqual({ ...assistantMessage('calling', [weatherCall]), usage: { inputTokens: 3, outputTokens: 4 } });
  });

  it("rewrites another agent's text as a user message", () => {
    expect(rewriteHistory('Child', [event('Parent', assistantMessage('It is 20 degrees'))])).toEqual([
      { role: 'user', content: 'For context: [Parent] said: It is 20 degrees.' },
    ]);
  });

  it('adds no second period to text that already ends a sentence (. ! ? …), in messages and tool results', () => {
    const said = (text: string) => rewriteHistory('Child', [event('Parent', assistantMessage(text))])[0]?.content;
    expect([
      said('It is 20 degrees.'),
      said('Done!'),
      said('Ready?'),
      said('Well…'),
      said('Version 1.2'),
      said('ends with space. '),
    ]).toEqual([
      'For context: [Parent] said: It is 20 degrees.',
      'For context: [Parent] said: Done!',
      'For context: [Parent] said: Ready?',
      'For context: [Parent] said: Well…',
      'For context: [Parent] said: Version 1.2.',
      'For context: [Parent] said: ends with space. ',
    ]);
    const result = rewriteHistory('Child', [event('Parent', toolMessage('20 degrees.', 'c1', 'get_weather'))])[0]?.content;
    expect(result).toBe('For context: [Parent] `get_weather` tool returned result: 20 degrees.');
  });

  it("rewrites another agent's tool calls without a text as tool-call sentences only", () => {
    expect(rewriteHistory('Child', [event('Parent', assistantMessage('', [weatherCall]))])).toEqual([
      { role: 'user', content: 'For context: [Parent] called tool: `get_weather` with arguments: {"city":"Oslo"}.' },
    ]);
  });

  it('puts the text first, then one sentence per tool call in order, in one user message', () => {
    expect(rewriteHistory('Child', [event('Parent', assistantMessage('Let me check', [weatherCall, timeCall]))])).toEqual([
      {
        role: 'user',
        content:
          'For context: [Parent] said: Let me check.' +
          ' [Parent] called tool: `get_weather` with arguments: {"city":"Oslo"}.' +
          ' [Parent] called tool: `get_time` with arguments: {"tz": "CET"}.',
      },
    ]);
    expect(rewriteHistory('Child', [event('Parent', assistantMessage('', [weatherCall, timeCall]))])).toEqual([
      {
        role: 'user',
        content:
          'For context: [Parent] called tool: `get_weather` with arguments: {"city":"Oslo"}.' +
          ' [Parent] called tool: `get_time` with arguments: {"tz": "CET"}.',
      },
    ]);
  });

  it("drops another agent's assistant message with neither text nor tool calls", () => {
    const events = [event('Parent', assistantMessage('')), event('Parent', { role: 'assistant', content: '', toolCalls: [] })];
    expect(rewriteHistory('Child', events)).toEqual([]);
  });

  it("rewrites another agent's tool results", () => {
    const events = [event('Parent', toolMessage('{"temp":20}', 'c1', 'get_weather')), event('Parent', toolMessage('', 'c2', 'get_time'))];
    expect(rewriteHistory('Child', events)).toEqual([
      { role: 'user', content: 'For context: [Parent] `get_weather` tool returned result: {"temp":20}.' },
      { role: 'user', content: 'For context: [Parent] `get_time` tool returned result: .' },
    ]);
  });

  it("keeps the images, files and audio of another agent's message and tool result as parts of the context message; drops its reasoning", () => {
    const chart = new Uint8Array([1, 2, 3]);
    const pdf = new Uint8Array([4, 5]);
    const events: RecordedEvent[] = [
      event('Artist', {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'A bar chart fits.' },
          { type: 'text', text: 'Here is the chart' },
          { type: 'image', mediaType: 'image/png', data: chart },
        ],
      }),
      event('Artist', { role: 'assistant', content: [{ type: 'image', url: 'https://example.com/a.png' }] }),
      event('Artist', toolMessage([{ type: 'file', mediaType: 'application/pdf', name: 'r.pdf', data: pdf }], 'c1', 'fetch_report')),
    ];
    expect(rewriteHistory('Critic', events)).toEqual([
      userMessage([
        { type: 'text', text: 'For context: [Artist] said: Here is the chart.' },
        { type: 'image', mediaType: 'image/png', data: chart },
      ]),
      userMessage([
        { type: 'text', text: 'For context: [Artist] shared:' },
        { type: 'image', url: 'https://example.com/a.png' },
      ]),
      userMessage([
        { type: 'text', text: 'For context: [Artist] `fetch_report` tool returned:' },
        { type: 'file', mediaType: 'application/pdf', name: 'r.pdf', data: pdf },
      ]),
    ]);
    // An answer of reasoning alone says nothing to another agent.
    expect(rewriteHistory('Critic', [event('Artist', { role: 'assistant', content: [{ type: 'reasoning', text: 'hm' }] })])).toEqual([]);
  });

  it("drops another agent's system messages and keeps its user messages as copies", () => {
    const question = userMessage('What is the weather?');
    const seen = rewriteHistory('Child', [event('Parent', systemMessage('You are Parent')), event('Parent', question)]);
    expect(seen).toEqual([{ role: 'user', content: 'What is the weather?' }]);
    expect(seen[0]).not.toBe(question);
  });

  it('rewrites a whole mixed history in order, attributing each message to its agent', () => {
    const events = [
      event('Parent', systemMessage('You are Parent')),
      event('Parent', assistantMessage('Checking', [weatherCall])),
      event('Parent', toolMessage('sunny', 'c1', 'get_weather')),
      event('Sibling', assistantMessage('Noted')),
      event('Child', assistantMessage('My earlier answer')),
      event('Child', toolMessage('12:00', 'c2', 'get_time')),
    ];
    expect(rewriteHistory('Child', events)).toEqual([
      {
        role: 'user',
        content: 'For context: [Parent] said: Checking. [Parent] called tool: `get_weather` with arguments: {"city":"Oslo"}.',
      },
      { role: 'user', content: 'For context: [Parent] `get_weather` tool returned result: sunny.' },
      { role: 'user', content: 'For context: [Sibling] said: Noted.' },
      { role: 'assistant', content: 'My earlier answer' },
      { role: 'tool', content: '12:00', toolCallId: 'c2', name: 'get_time' },
    ]);
  });

  describe('skipTransferMessages', () => {
    const transferEvents = [
      event('Parent', assistantMessage('', [transferCall]), true),
      event('Parent', toolMessage('successfully transferred to agent [Child]', 't1', 'transfer_to_agent'), true),
    ];

    it('keeps transfer messages, rewritten like any other, when not set', () => {
      const expected = [
        { role: 'user', content: 'For context: [Parent] called tool: `transfer_to_agent` with arguments: {"agent_name":"Child"}.' },
        {
          role: 'user',
          content: 'For context: [Parent] `transfer_to_agent` tool returned result: successfully transferred to agent [Child].',
        },
      ];
      expect(rewriteHistory('Child', transferEvents)).toEqual(expected);
      expect(rewriteHistory('Child', transferEvents, { skipTransferMessages: false })).toEqual(expected);
    });

    it("drops the transfer call and its result, of other agents and of the agent's own", () => {
      const events = [
        event('Parent', assistantMessage('Hi')),
        ...transferEvents,
        event('Child', assistantMessage('', [{ ...transferCall, arguments: '{"agent_name":"Parent"}' }]), true),
        event('Child', toolMessage('successfully transferred to agent [Parent]', 't1', 'transfer_to_agent'), true),
        event('Parent', assistantMessage('Back again')),
      ];
      expect(rewriteHistory('Child', events, { skipTransferMessages: true })).toEqual([
        { role: 'user', content: 'For context: [Parent] said: Hi.' },
        { role: 'user', content: 'For context: [Parent] said: Back again.' },
      ]);
    });

    it('drops only the transfer sentence from a turn that also said something or called other tools', () => {
      const events = [
        event('Parent', assistantMessage('Handing over', [weatherCall, transferCall, timeCall]), true),
        event('Parent', assistantMessage('Over to Child', [transferCall]), true),
      ];
      expect(rewriteHistory('Child', events, { skipTransferMessages: true })).toEqual([
        {
          role: 'user',
          content:
            'For context: [Parent] said: Handing over.' +
            ' [Parent] called tool: `get_weather` with arguments: {"city":"Oslo"}.' +
            ' [Parent] called tool: `get_time` with arguments: {"tz": "CET"}.',
        },
        { role: 'user', content: 'For context: [Parent] said: Over to Child.' },
      ]);
    });

    it("removes the transfer call from the agent's own mixed turn, leaving its other calls and text", () => {
      const events = [
        event('Child', assistantMessage('', [weatherCall, transferCall]), true),
        event('Child', { ...assistantMessage('Bye', [transferCall]), usage: { inputTokens: 1, outputTokens: 2 } }, true),
      ];
      expect(rewriteHistory('Child', events, { skipTransferMessages: true })).toEqual([
        { role: 'assistant', content: '', toolCalls: [weatherCall] },
        { role: 'assistant', content: 'Bye', usage: { inputTokens: 1, outputTokens: 2 } },
      ]);
      expect(events[0]!.message.toolCalls).toEqual([weatherCall, transferCall]);
    });

    it('leaves unflagged events alone, even with a transfer_to_agent call', () => {
      const events = [
        event('Parent', assistantMessage('', [{ ...transferCall, arguments: '{"agent_name":"Nobody"}' }])),
        event('Parent', toolMessage('error: unknown agent "Nobody"', 't1', 'transfer_to_agent')),
      ];
      expect(rewriteHistory('Child', events, { skipTransferMessages: true })).toEqual([
        { role: 'user', content: 'For context: [Parent] called tool: `transfer_to_agent` with arguments: {"agent_name":"Nobody"}.' },
        { role: 'user', content: 'For context: [Parent] `transfer_to_agent` tool returned result: error: unknown agent "Nobody".' },
      ]);
    });
  });

  it('fits the HistoryRewriter type users pass as historyRewriter', () => {
    const rewriter: HistoryRewriter = rewriteHistory;
    const ownOnly: HistoryRewriter = (agentName, events) => rewriteHistory(agentName, events).filter((m) => m.role !== 'user');
    const events = [event('Parent', assistantMessage('Hi')), event('Child', assistantMessage('Mine'))];
    expect(rewriter('Child', events)).toEqual([
      { role: 'user', content: 'For context: [Parent] said: Hi.' },
      { role: 'assistant', content: 'Mine' },
    ]);
    expect(ownOnly('Child', events)).toEqual([{ role: 'assistant', content: 'Mine' }]);
  });
});

describe('recorded messages from a run', () => {
  it('are deeply frozen, so they are passed on without copying', () => {
    const message = Object.freeze({ role: 'assistant' as const, content: 'hi' });
    expect(rewriteHistory('A', [{ agentName: 'A', runPath: ['A'], message }])[0]).toBe(message);
  });
});
