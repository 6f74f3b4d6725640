import { assistantMessage, userMessage, type Message } from '@weft/chat-model';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import type { AgentRunState } from '../compile/agent-run-state.ts';
import { chatModelAgent, Runner, tool, trimToTokens, type ChatModel, type ContextChange } from '../index.ts';
import { tokenCounter } from './token-counter.ts';
import { SENT_ESTIMATE_KEY, sentEstimate, usageScale } from './usage-calibration.ts';

const echo = tool<{ text: string }>({
  name: 'echo',
  description: 'Says the text back.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }) => text,
});

/** Six echo turns of 400 characters each, then an answer. */
const longScript = () => [
  ...Array.from({ length: 6 }, (_, i) => ({ toolCalls: [{ id: `e${i}`, name: 'echo', arguments: { text: String(i).repeat(400) } }] })),
  { text: 'Done.' },
];

/**
 * A provider whose tokenizer counts `factor` times the estimate (as one does
 * for code or a non-Latin script) and reports that count as the answer's
 * usage; `real` gets each call's true input size.
 */
function dense(inner: ChatModel, factor: number, real: number[], reports = true): ChatModel {
  return {
    name: 'acme-large',
    async generate(messages, options) {
      const tokens = factor * (await tokenCounter('estimate', inner)).messages(messages);
      real.push(tokens);
      const answer = await inner.generate(messages, options);
      return reports ? { ...answer, usage: { inputTokens: tokens, outputTokens: 5 } } : answer;
    },
    stream: (messages, options) => inner.stream(messages, options),
  };
}

const agentOf = (model: ChatModel, context = [trimToTokens(900)]) =>
  chatModelAgent({ name: 'Echo', description: '', instruction: 'Echo what you are asked to.', model, tools: [echo], context });

const trimsOf = (events: readonly { type: string; context?: ContextChange }[]) =>
  events.flatMap((e) => (e.type === 'context' && e.context?.kind === 'trim' ? [e.context] : []));

describe('an estimated token count, scaled by the usage the provider reports', () => {
  it('keeps every call after the first within the budget of a provider that counts twice the estimate', async () => {
    // The plain estimate (a function tokenizer is never scaled) lets the real input grow past the budget.
    const plainReal: number[] = [];
    const plain = agentOf(dense(scriptedModel(longScript()), 2, plainReal), [
      trimToTokens(900, { tokenizer: (t) => Math.ceil(t.length / 4) }),
    ]);
    expect((await new Runner({ agent: plain }).query('Echo six times.')).status).toBe('done');
    expect(Math.max(...plainReal)).toBeGreaterThan(900);

    const real: number[] = [];
    const store = new MemoryStore();
    const runner = new Runner({ agent: agentOf(dense(scriptedModel(longScript()), 2, real)), store });
    const done = await runner.query('Echo six times.');
    expect(done.status).toBe('done');
    expect(done.finalOutput).toBe('Done.');
    expect(real).toHaveLength(7);
    // The first call has no report to go by; every later one is counted at the provider's scale and fits.
    expect(real.slice(1).every((n) => n <= 900)).toBe(true);
    const trims = trimsOf(done.events);
    expect(trims.length).toBeGreaterThan(0);
    for (const t of trims) expect(t.tokens).toBeLessThanOrEqual(900);
    // What was trimmed is counted as the provider counts it: the trim's figure is the real size of that call's input.
    const trimmedCalls = real.slice(real.length - trims.length);
    trims.forEach((t, i) => expect(Math.abs(t.tokens - trimmedCalls[i]!)).toBeLessThanOrEqual(8));
    // The scale is in the thread's state, with the estimate of the last call's input and the answers seen before it.
    const state = await runner.graph.withStore(store).getState(done.threadId!);
    const record = (state.state as AgentRunState).lanes['main']!.context!['Echo']![SENT_ESTIMATE_KEY];
    expect(record).toEqual({ estimated: expect.any(Number), answers: 6, scale: 2 });
  });

  it('is the plain estimate when the provider reports no usage', async () => {
    const real: number[] = [];
    const done = await new Runner({ agent: agentOf(dense(scriptedModel(longScript()), 2, real, false)) }).query('Echo six times.');
    expect(done.status).toBe('done');
    const trims = trimsOf(done.events);
    // Counted at the estimate, the trimmed inputs are about half their real size.
    const trimmedCalls = real.slice(real.length - trims.length);
    trims.forEach((t, i) => expect(Math.abs(t.tokens * 2 - trimmedCalls[i]!)).toBeLessThanOrEqual(8));
    expect(Math.max(...real)).toBeGreaterThan(900);
  });
});

describe('usageScale', () => {
  const answered = (inputTokens: number): Message => ({ ...assistantMessage('ok'), usage: { inputTokens, outputTokens: 1 } });
  const history = [userMessage('q'), answered(300), userMessage('again'), answered(1000)];

  it('is the reported input tokens of the newest answer over the estimate recorded for its call', () => {
    expect(usageScale(sentEstimate(history.slice(0, 3), 500, 1), history)).toBe(2);
  });

  it('keeps the recorded scale when the history holds other answers than the one expected (a changed history)', () => {
    expect(usageScale(sentEstimate(history.slice(0, 1), 500, 1.5), history)).toBe(1.5);
    expect(usageScale(sentEstimate(history, 500, 1.5), history)).toBe(1.5);
  });

  it('stays between 0.25 and 4, and is 1 for a record that is missing or not one', () => {
    expect(usageScale(sentEstimate(history.slice(0, 3), 10, 1), history)).toBe(4);
    expect(usageScale(sentEstimate(history.slice(0, 3), 1_000_000, 1), history)).toBe(0.25);
    for (const hostile of [
      undefined,
      null,
      'x',
      { estimated: 'a', answers: 0, scale: 1 },
      { estimated: -1, answers: 0, scale: 1 },
      { __proto__: { estimated: 1 } },
    ])
      expect(usageScale(hostile, history)).toBe(1);
  });
});
