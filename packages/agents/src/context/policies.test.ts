import { assistantMessage, systemMessage, toolMessage, userMessage, type Message } from '@weft/chat-model';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import type { Instrumentation } from '@weft/graph';
import {
  cacheHint,
  chatModelAgent,
  dropReasoning,
  observeModelInput,
  Runner,
  type CacheHintedOptions,
  type ChatModel,
  type ContextPolicy,
  type ContextStep,
} from '../index.ts';

const step = (model: ChatModel): ContextStep => ({
  agentName: 'A',
  model,
  signal: new AbortController().signal,
  recorded: () => undefined,
  record: () => {},
  emit: () => {},
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
      generate: (messages, options) => (seen.push((options as CacheHintedOptions).cacheBreakpoints), inner.generate(messages, options)),
      stream: (messages, options) => inner.stream(messages, options),
    };
    const agent = chatModelAgent({ name: 'A', description: '', instruction: 'Be brief.', model, context: [cacheHint()] });
    await new Runner({ agent }).query('hi');
    expect(seen).toEqual([[0]]);
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
