import { assistantMessage, systemMessage, toolMessage, userMessage, type Message } from '@weft/chat-model';
import { scriptedModel } from '@weft/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentError, chatModelAgent, Runner, tool, trimToTokens, type ChatModel, type ContextChange } from '../index.ts';
import { tokenCounter } from './token-counter.ts';
import { trimMessages } from './trim-to-tokens.ts';
import { turnGroups } from './turn-groups.ts';

const echo = tool<{ text: string }>({
  name: 'echo',
  description: 'Says the text back.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }) => text,
});

/** A provider that refuses an input over `limit` estimated tokens, as a real one refuses one over its window. */
function windowed(inner: ChatModel, limit: number, seen: number[]): ChatModel {
  const check = async (messages: readonly Message[]) => {
    const tokens = (await tokenCounter('estimate', inner)).messages(messages);
    seen.push(tokens);
    if (tokens > limit) throw new Error(`context_length_exceeded: ${tokens} tokens, the limit is ${limit}`);
  };
  return {
    name: inner.name,
    generate: async (messages, options) => (await check(messages), inner.generate(messages, options)),
    stream: (messages, options) => inner.stream(messages, options),
  };
}

/** Six echo turns of 400 characters each, then an answer. */
const longScript = () => [
  ...Array.from({ length: 6 }, (_, i) => ({ toolCalls: [{ id: `e${i}`, name: 'echo', arguments: { text: String(i).repeat(400) } }] })),
  { text: 'Done.' },
];

describe('trimToTokens: a long conversation stays within the model’s window', () => {
  it('without a policy the input grows until the provider refuses it; with trimToTokens(300) every call fits and the run ends', async () => {
    const grown: number[] = [];
    const plain = chatModelAgent({
      name: 'Echo',
      description: '',
      model: windowed(scriptedModel(longScript()), 300, grown),
      tools: [echo],
    });
    const failed = await new Runner({ agent: plain }).query('Echo six times.');
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({ code: 'MODEL_FAILED', message: expect.stringContaining('context_length_exceeded') });

    const sent: number[] = [];
    const model = scriptedModel(longScript());
    const trims: ContextChange[] = [];
    const agent = chatModelAgent({
      name: 'Echo',
      description: '',
      instruction: 'Echo what you are asked to.',
      model: windowed(model, 300, sent),
      tools: [echo],
      context: [trimToTokens(300, { tokenizer: 'estimate' })],
    });
    const done = await new Runner({ agent }).query('Echo six times.');
    expect(done.status).toBe('done');
    expect(done.finalOutput).toBe('Done.');
    expect(sent).toHaveLength(7);
    expect(Math.max(...sent)).toBeLessThanOrEqual(300);
    for (const e of done.events) if (e.type === 'context') trims.push(e.context);
    // From the third call on, the oldest echo turns are left out; each call keeps the system message, the request and the newest turn.
    expect(trims.map((t) => t.kind)).toEqual(['trim', 'trim', 'trim', 'trim', 'trim']);
    for (const call of model.calls.slice(2)) {
      expect(call.messages.slice(0, 2)).toEqual([systemMessage('Echo what you are asked to.'), userMessage('Echo six times.')]);
      expect(call.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    }
  });

  it('counts with the model’s tokenizer when its name is an OpenAI model’s', async () => {
    const model = scriptedModel([], { name: 'openai:gpt-4o-mini' });
    const counter = await tokenCounter(undefined, model);
    // o200k_base: "hello world" is 2 tokens, and the role 1; 4 for the message's framing.
    expect(counter.message(userMessage('hello world'))).toBe(7);
    expect((await tokenCounter(undefined, scriptedModel([], { name: 'gpt-4' }))).message(userMessage('hello world'))).toBe(7);
    expect((await tokenCounter(undefined, scriptedModel([], { name: 'claude-sonnet-4' }))).message(userMessage('hello world'))).toBe(
      4 + 1 + 3,
    );
  });

  it('counts text and reasoning parts by their text and a part without text as a fixed budget', async () => {
    const counter = await tokenCounter('estimate', scriptedModel([]));
    const parts: Message = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'abcdefgh' },
        { type: 'text', text: 'abcd' },
      ],
    };
    // 4 framing + 3 for "assistant" + 2 + 1.
    expect(counter.message(parts)).toBe(10);
    const image: Message = { role: 'user', content: [{ type: 'image', url: 'https://example.com/a.png' }] };
    expect(counter.message(image)).toBe(4 + 1 + 765);
  });

  it('refuses a budget that is not a positive integer (INVALID_ARGUMENT)', () => {
    expect(() => trimToTokens(0)).toThrow(AgentError);
    expect(() => trimToTokens(10, { tokenizer: 'o300k' as never })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: `trimToTokens: tokenizer must be 'o200k_base', 'cl100k_base', 'estimate' or a function of a text (got "o300k")`,
      }),
    );
    expect(() => trimToTokens(1.5)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'trimToTokens: maxTokens must be a positive integer (got 1.5)' }),
    );
  });
});

/** A conversation: an optional system message, then user messages, answers, and tool turns with one or more results. */
const conversation = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.oneof(
        fc.string({ maxLength: 40 }).map((t) => [userMessage(t)]),
        fc.string({ maxLength: 40 }).map((t) => [assistantMessage(t)]),
        fc.tuple(fc.integer({ min: 1, max: 3 }), fc.string({ maxLength: 40 })).map(([n, t]) => {
          const calls = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, name: 'echo', arguments: JSON.stringify({ text: t }) }));
          return [assistantMessage('', calls), ...calls.map((c) => toolMessage(t, c.id, 'echo'))];
        }),
      ),
      { maxLength: 12 },
    ),
  )
  .map(([system, turns]) => {
    // Fresh messages with unique call ids across the conversation, as providers give them.
    let id = 0;
    const messages = turns.flat().map((m) => structuredClone(m));
    for (const m of messages) for (const c of m.toolCalls ?? []) c.id = `call_${id++}`;
    return [...(system ? [systemMessage('Be brief.')] : []), ...answerCalls(messages)];
  });

/** Each tool message answers the call of the assistant turn right before its run of results, by position. */
function answerCalls(messages: Message[]): Message[] {
  let calls: string[] = [];
  let next = 0;
  for (const m of messages) {
    if (m.role === 'assistant') ((calls = (m.toolCalls ?? []).map((c) => c.id)), (next = 0));
    else if (m.role === 'tool') m.toolCallId = calls[next++]!;
  }
  return messages;
}

const count = (m: Message) =>
  4 + (typeof m.content === 'string' ? m.content.length : 0) + (m.toolCalls?.reduce((n, c) => n + c.arguments.length, 0) ?? 0);

describe('trimMessages (property)', () => {
  it('never separates a call from its results, keeps the system message, the first user message and the newest turn, and fits whenever those do', () => {
    fc.assert(
      fc.property(conversation, fc.integer({ min: 1, max: 400 }), (messages, budget) => {
        const { kept, tokens } = trimMessages(messages, budget, count);
        // Every result's call is kept, and every kept call has all its results.
        const callIds = new Set(kept.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id)));
        const resultIds = new Set(kept.filter((m) => m.role === 'tool').map((m) => m.toolCallId));
        for (const id of resultIds) expect(callIds.has(id!)).toBe(true);
        for (const id of callIds) expect(resultIds.has(id)).toBe(true);
        // Kept messages are the originals, in order.
        let at = 0;
        for (const m of kept) {
          const i = messages.indexOf(m, at);
          expect(i).toBeGreaterThanOrEqual(0);
          at = i + 1;
        }
        const firstUser = messages.find((m) => m.role === 'user');
        if (messages[0]?.role === 'system') expect(kept[0]).toBe(messages[0]);
        if (firstUser) expect(kept).toContain(firstUser);
        const groups = turnGroups(messages);
        const [lastFrom, lastTo] = groups.at(-1) ?? [0, 0];
        for (let i = lastFrom; i < lastTo; i++) expect(kept).toContain(messages[i]);
        expect(tokens).toBe(kept.reduce((n, m) => n + count(m), 0));
        const pinned = messages.filter((m, i) => m.role === 'system' || m === firstUser || i >= lastFrom);
        if (pinned.reduce((n, m) => n + count(m), 0) <= budget) expect(tokens).toBeLessThanOrEqual(budget);
        else expect(kept).toEqual(pinned);
      }),
      { numRuns: 500 },
    );
  });
});
