import { assistantMessage, systemMessage, toolMessage, userMessage, type Message } from '@weft/chat-model';
import { aiSdkModel, scriptedModel } from '@weft/models';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { Instrumentation } from '@weft/graph';
import {
  cacheHint,
  chatModelAgent,
  dropReasoning,
  observeModelInput,
  Runner,
  tool,
  type ChatModel,
  type ContextPolicy,
  type ContextStep,
} from '../index.ts';
import { tokenCounter } from './token-counter.ts';

const step = (model: ChatModel): ContextStep => ({
  agentName: 'A',
  model,
  signal: new AbortController().signal,
  recorded: () => undefined,
  record: () => {},
  emit: () => {},
  countTokens: (tokenizer) => tokenCounter(tokenizer, model),
});

// An answer with the reasoning that came before it.
const thinking = (text: string, answer: string): Message => ({
  role: 'assistant',
  content: [
    { type: 'reasoning', text, signature: 'sig' },
    { type: 'text', text: answer },
  ],
});

describe('dropReasoning', () => {
  it('leaves reasoning parts out, keeps every other part and string content as they are', async () => {
    const model = scriptedModel([]);
    const plain = userMessage('hi');
    const onlyThought: Message = { role: 'assistant', content: [{ type: 'reasoning', text: 'hmm' }] };
    const out = await dropReasoning()({ messages: [plain, thinking('let me think', 'It is 4.'), onlyThought] }, step(model));
    expect(out.messages).toEqual([
      plain,
      { role: 'assistant', content: [{ type: 'text', text: 'It is 4.' }] },
      { role: 'assistant', content: '' },
    ]);
    expect(out.messages[0]).toBe(plain);
    const untouched = { messages: [plain] };
    expect(await dropReasoning()(untouched, step(model))).toBe(untouched);
  });
});

describe('cacheHint', () => {
  it('marks the last system message and the message before the newest turn', async () => {
    const model = scriptedModel([]);
    const call = { id: 'c1', name: 'echo', arguments: '{}' };
    const turn = [
      systemMessage('S'),
      userMessage('a'),
      assistantMessage('b'),
      userMessage('c'),
      assistantMessage('', [call]),
      toolMessage('r', 'c1', 'echo'),
    ];
    expect((await cacheHint()({ messages: turn }, step(model))).cacheBreakpoints).toEqual([0, 3]);
    expect((await cacheHint()({ messages: [systemMessage('S'), userMessage('a')] }, step(model))).cacheBreakpoints).toEqual([0]);
    expect(
      (await cacheHint()({ messages: [userMessage('a'), assistantMessage('b'), userMessage('c')] }, step(model))).cacheBreakpoints,
    ).toEqual([1]);
  });

  it('reaches the model as cacheBreakpoints in its call options', async () => {
    const inner = scriptedModel([{ text: 'ok' }]);
    const seen: (readonly number[] | undefined)[] = [];
    const model: ChatModel = {
      name: 'm',
      generate: (messages, options) => (seen.push(options.cacheBreakpoints), inner.generate(messages, options)),
      stream: (messages, options) => (seen.push(options.cacheBreakpoints), inner.stream(messages, options)),
    };
    const agent = chatModelAgent({ name: 'A', description: '', instruction: 'Be brief.', model, context: [cacheHint()] });
    await new Runner({ agent }).query('hi');
    expect(seen).toEqual([[0]]);
  });

  it("reaches an AI SDK model's prompt as Anthropic and Bedrock cache points on the marked messages, in a tool loop", async () => {
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: 5, reasoning: undefined },
    };
    const answer = (
      content: Array<{ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }>,
    ) => ({
      content,
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage,
      warnings: [],
    });
    const mock = new MockLanguageModelV4({
      doGenerate: [
        answer([{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city":"Oslo"}' }]),
        answer([{ type: 'text', text: 'Rain in Oslo.' }]),
      ],
    });
    const weather = tool({
      name: 'weather',
      description: 'The weather.',
      parameters: z.object({ city: z.string() }),
      execute: () => 'rain',
    });
    const build = (model: MockLanguageModelV4, context: ContextPolicy[]) =>
      chatModelAgent({ name: 'A', description: '', instruction: 'Be brief.', model: aiSdkModel(model), tools: [weather], context });
    const done = await new Runner({ agent: build(mock, [cacheHint()]) }).query('Weather in Oslo?');
    expect(done.finalOutput).toBe('Rain in Oslo.');
    const mark = { anthropic: { cacheControl: { type: 'ephemeral' } }, bedrock: { cachePoint: { type: 'default' } } };
    const marked = (prompt: ReadonlyArray<{ role: string; providerOptions?: unknown }>) =>
      prompt.map(
        (m) => `${m.role}${m.providerOptions === undefined ? '' : JSON.stringify(m.providerOptions) === JSON.stringify(mark) ? '*' : '?'}`,
      );
    // First call: the instruction. Second: the instruction and the question; the tool call and its result are the newest turn.
    expect(mock.doGenerateCalls.map((c) => marked(c.prompt))).toEqual([
      ['system*', 'user'],
      ['system*', 'user*', 'assistant', 'tool'],
    ]);
    // Without cacheHint, no message carries provider options.
    const plain = new MockLanguageModelV4({ doGenerate: answer([{ type: 'text', text: 'Sun.' }]) });
    await new Runner({ agent: build(plain, []) }).query('Weather in Rome?');
    expect(plain.doGenerateCalls.map((c) => marked(c.prompt))).toEqual([['system', 'user']]);
  });
});

describe('context: where the policies run', () => {
  it('runs in order on what genModelInput assembled; the model and observers get the result', async () => {
    const model = scriptedModel([{ text: 'ok' }]);
    const order: string[] = [];
    const tag =
      (name: string): ContextPolicy =>
      ({ messages }) => (order.push(`${name}:${messages.length}`), { messages: [...messages, userMessage(name)] });
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      model,
      genModelInput: ({ input }) => [systemMessage('assembled'), ...input],
      context: [tag('first'), tag('second')],
    });
    const observed: (readonly Message[])[] = [];
    const instrumentation: Instrumentation = {
      startRun: (run) => ({ event: () => {}, end: observeModelInput(run.context, (input) => void observed.push(input.messages)) }),
    };
    await new Runner({ agent, instrumentation: [instrumentation] }).query('hi');
    expect(order).toEqual(['first:2', 'second:3']);
    const sent = [systemMessage('assembled'), userMessage('hi'), userMessage('first'), userMessage('second')];
    expect(model.calls[0]!.messages).toEqual(sent);
    expect(observed).toEqual([sent]);
  });

  it('a policy that throws fails the agent with its error, before any model call', async () => {
    const model = scriptedModel([{ text: 'ok' }]);
    const broken: ContextPolicy = () => {
      throw new Error('no room');
    };
    const done = await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, context: [broken] }) }).query('hi');
    expect(done.status).toBe('error');
    expect(done.error).toMatchObject({ message: expect.stringContaining('no room') });
    expect(model.calls).toHaveLength(0);
  });

  it('refuses a context that is not a list of functions (INVALID_ARGUMENT)', () => {
    const model = scriptedModel([]);
    expect(() => chatModelAgent({ name: 'A', description: '', model, context: [{}] as never })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'chatModelAgent "A": context must be a list of context policies (functions such as trimToTokens(n))',
      }),
    );
  });
});
