import { concatMessageChunks, userMessage, type ChatModel, type Message, type MessageChunk, type ToolSpec } from '@weft/chat-model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelError } from './errors.ts';
import type { ScriptItem } from './script-item.ts';
import { scriptedModel, type ScriptedModelOptions } from './scripted-model.ts';

// delayMs waits through node:timers/promises, which vitest's fake clock does not patch;
// route it through the global timers so the delay tests below run on virtual time.
vi.mock('node:timers/promises', async (importOriginal) => {
  const { sleepOnGlobalTimers } = await import('./test-support/sleep-on-global-timers.ts');
  return { ...(await importOriginal<typeof import('node:timers/promises')>()), setTimeout: sleepOnGlobalTimers };
});

const hi = [userMessage('hi')];

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const out: MessageChunk[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

/** The same one-item script answered by generate() and by stream(), on two fresh models. */
async function both(item: ScriptItem, options?: ScriptedModelOptions): Promise<{ message: Message; chunks: MessageChunk[] }> {
  const message = await scriptedModel([item], options).generate(hi);
  const chunks = await collect(scriptedModel([item], options).stream(hi));
  expect(concatMessageChunks(chunks)).toEqual(message);
  return { message, chunks };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
}

describe('scriptedModel() answers', () => {
  it('a text item with an assistant message, streamed as one chunk', async () => {
    expect(await both({ text: 'Hello!' })).toEqual({
      message: { role: 'assistant', content: 'Hello!' },
      chunks: [{ content: 'Hello!' }],
    });
  });

  it('a chunks item with exactly those chunks, and their concatenation from generate()', async () => {
    expect(await both({ chunks: ['Hel', 'lo', ', world'] })).toEqual({
      message: { role: 'assistant', content: 'Hello, world' },
      chunks: [{ content: 'Hel' }, { content: 'lo' }, { content: ', world' }],
    });
  });

  it('tool calls with object arguments serialised, JSON text kept as is, and ids call_<call>_<index>', async () => {
    const model = scriptedModel([
      { text: 'first' },
      {
        text: 'Let me check.',
        toolCalls: [
          { name: 'add', arguments: { a: 1, b: 2 } },
          { name: 'echo', arguments: '{ "say" : "hi" }' },
          { name: 'broken', arguments: '{"not json' },
          { name: 'lookup', arguments: {}, id: 'mine' },
        ],
      },
    ]);
    await model.generate(hi);
    expect(await model.generate(hi)).toEqual({
      role: 'assistant',
      content: 'Let me check.',
      toolCalls: [
        { id: 'call_2_0', name: 'add', arguments: '{"a":1,"b":2}' },
        { id: 'call_2_1', name: 'echo', arguments: '{ "say" : "hi" }' },
        { id: 'call_2_2', name: 'broken', arguments: '{"not json' },
        { id: 'mine', name: 'lookup', arguments: '{}' },
      ],
    });
  });

  it('tool calls in one chunk when streaming is not split', async () => {
    const item: ScriptItem = {
      toolCalls: [
        { name: 'add', arguments: { a: 1 } },
        { name: 'sub', arguments: '{}' },
      ],
    };
    expect((await both(item)).chunks).toEqual([
      {
        toolCalls: [
          { index: 0, id: 'call_1_0', name: 'add', arguments: '{"a":1}' },
          { index: 1, id: 'call_1_1', name: 'sub', arguments: '{}' },
        ],
      },
    ]);
  });

  it('parallel tool calls streamed with their arguments split (stream: true cuts pieces of 8)', async () => {
    const item: ScriptItem = {
      text: 'Checking both.',
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Beijing' } },
        { name: 'get_time', arguments: { zone: 'Asia/Shanghai' }, id: 't1' },
        { name: 'ping', arguments: '' },
      ],
      stream: true,
    };
    const { message, chunks } = await both(item);
    expect(message.toolCalls).toEqual([
      { id: 'call_1_0', name: 'get_weather', arguments: '{"city":"Beijing"}' },
      { id: 't1', name: 'get_time', arguments: '{"zone":"Asia/Shanghai"}' },
      { id: 'call_1_2', name: 'ping', arguments: '' },
    ]);
    expect(chunks).toEqual([
      { content: 'Checking' },
      { content: ' both.' },
      { toolCalls: [{ index: 0, id: 'call_1_0', name: 'get_weather' }] },
      { toolCalls: [{ index: 0, arguments: '{"city":' }] },
      { toolCalls: [{ index: 0, arguments: '"Beijing' }] },
      { toolCalls: [{ index: 0, arguments: '"}' }] },
      { toolCalls: [{ index: 1, id: 't1', name: 'get_time' }] },
      { toolCalls: [{ index: 1, arguments: '{"zone":' }] },
      { toolCalls: [{ index: 1, arguments: '"Asia/Sh' }] },
      { toolCalls: [{ index: 1, arguments: 'anghai"}' }] },
      { toolCalls: [{ index: 2, id: 'call_1_2', name: 'ping' }] },
    ]);
  });

  it("splits by the item's chunkSize, else the model's, and never with stream: false", async () => {
    const call = { name: 'add', arguments: { a: 1, b: 2 } }; // {"a":1,"b":2}
    expect((await both({ toolCalls: [call], chunkSize: 5 })).chunks).toEqual([
      { toolCalls: [{ index: 0, id: 'call_1_0', name: 'add' }] },
      { toolCalls: [{ index: 0, arguments: '{"a":' }] },
      { toolCalls: [{ index: 0, arguments: '1,"b"' }] },
      { toolCalls: [{ index: 0, arguments: ':2}' }] },
    ]);
    expect((await both({ text: 'abcdefg' }, { chunkSize: 3 })).chunks).toEqual([{ content: 'abc' }, { content: 'def' }, { content: 'g' }]);
    expect((await both({ text: 'abcdefg', chunkSize: 4 }, { chunkSize: 3 })).chunks).toEqual([{ content: 'abcd' }, { content: 'efg' }]);
    expect((await both({ text: 'abcdefg', stream: false }, { chunkSize: 3 })).chunks).toEqual([{ content: 'abcdefg' }]);
    // A chunks item keeps its own pieces; only its tool calls are cut.
    expect((await both({ chunks: ['ab', 'cdefg'], toolCalls: [{ name: 'x', arguments: 'abcd' }] }, { chunkSize: 3 })).chunks).toEqual([
      { content: 'ab' },
      { content: 'cdefg' },
      { toolCalls: [{ index: 0, id: 'call_1_0', name: 'x' }] },
      { toolCalls: [{ index: 0, arguments: 'abc' }] },
      { toolCalls: [{ index: 0, arguments: 'd' }] },
    ]);
  });

  it('cuts by code points, so no chunk holds half an emoji', async () => {
    expect((await both({ text: '🌧️ then ☀️', chunkSize: 2 })).chunks).toEqual([
      { content: '🌧️' },
      { content: ' t' },
      { content: 'he' },
      { content: 'n ' },
      { content: '☀️' },
    ]);
  });

  it('usage on the message and on the last chunk only', async () => {
    const usage = { inputTokens: 12, outputTokens: 3 };
    expect(await both({ chunks: ['a', 'b'], usage })).toEqual({
      message: { role: 'assistant', content: 'ab', usage },
      chunks: [{ content: 'a' }, { content: 'b', usage }],
    });
    expect((await both({ toolCalls: [{ name: 'f', arguments: {} }], usage, stream: true })).chunks).toEqual([
      { toolCalls: [{ index: 0, id: 'call_1_0', name: 'f' }] },
      { toolCalls: [{ index: 0, arguments: '{}' }], usage },
    ]);
  });

  it('an empty answer as one empty chunk, which still carries the usage', async () => {
    expect(await both({ text: '' })).toEqual({ message: { role: 'assistant', content: '' }, chunks: [{ content: '' }] });
    const usage = { inputTokens: 1, outputTokens: 0 };
    expect(await both({ chunks: [], usage })).toEqual({
      message: { role: 'assistant', content: '', usage },
      chunks: [{ content: '', usage }],
    });
  });

  it('a fresh message every call, so mutating one cannot change a repeated answer', async () => {
    const model = scriptedModel(
      [{ text: 'same', toolCalls: [{ name: 'f', arguments: { a: 1 } }], usage: { inputTokens: 1, outputTokens: 1 } }],
      {
        repeatLast: true,
      },
    );
    const first = await model.generate(hi);
    first.content = 'changed';
    first.toolCalls?.push({ id: 'x', name: 'y', arguments: '' });
    first.usage!.inputTokens = 99;
    expect(await model.generate(hi)).toEqual({
      role: 'assistant',
      content: 'same',
      toolCalls: [{ id: 'call_2_0', name: 'f', arguments: '{"a":1}' }],
      usage: { inputTokens: 1, outputTokens: 1 },
    });
  });

  it('is a ChatModel with a name (default "scripted")', () => {
    const model: ChatModel = scriptedModel([]);
    expect(model.name).toBe('scripted');
    expect(scriptedModel([], { name: 'weather' }).name).toBe('weather');
  });
});

describe('scriptedModel() errors', () => {
  it('an error item rejects generate() and throws on the first next() of stream(), and uses up its item', async () => {
    const boom = new Error('boom');
    const model = scriptedModel([{ error: boom }, { error: boom }, { text: 'recovered' }]);
    expect(await rejection(model.generate(hi))).toBe(boom);
    const iterator = model.stream(hi)[Symbol.asyncIterator]();
    expect(await rejection(iterator.next())).toBe(boom);
    expect(await model.generate(hi)).toEqual({ role: 'assistant', content: 'recovered' });
  });

  it('fails with SCRIPT_EXHAUSTED, naming the model and the call, when the script runs out', async () => {
    const model = scriptedModel([{ text: 'a' }, { text: 'b' }], { name: 'weather' });
    await model.generate(hi);
    await collect(model.stream(hi));
    const err = await rejection(model.generate(hi));
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).toJSON()).toEqual({
      name: 'ModelError',
      code: 'SCRIPT_EXHAUSTED',
      message: 'scripted model "weather" has no answer for call 3 (the script has 2 items)',
      details: { model: 'weather', callNumber: 3, scriptLength: 2 },
      // Asking again cannot help: a node's retry policy gives up at once.
      retryable: false,
    });
    const one = scriptedModel([{ text: 'x' }]);
    await one.generate(hi);
    await expect(collect(one.stream(hi))).rejects.toMatchObject({
      code: 'SCRIPT_EXHAUSTED',
      message: 'scripted model "scripted" has no answer for call 2 (the script has 1 item)',
    });
    await expect(scriptedModel([]).generate(hi)).rejects.toMatchObject({ code: 'SCRIPT_EXHAUSTED' });
  });

  it('rejects a malformed script at creation with SCRIPT_INVALID, saying which item and why', () => {
    const cases: [unknown, string][] = [
      [{ toolCalls: [{ name: 42, arguments: {} }] }, 'script[0].toolCalls[0].name must be a non-empty string, got 42'],
      [{ toolCalls: [{ name: 'f', arguments: 7 }] }, 'script[0].toolCalls[0].arguments must be an object or JSON text, got 7'],
      [{ toolCalls: [{ name: 'f', arguments: [1] }] }, 'script[0].toolCalls[0].arguments must be an object or JSON text, got an array'],
      [{ toolCalls: [{ name: 'f', arguments: {}, id: '' }] }, 'script[0].toolCalls[0].id must be a non-empty string when given, got ""'],
      [
        { toolCalls: [{ name: 'f', arguments: {}, args: {} }] },
        'script[0].toolCalls[0] has unknown key args for a tool call (allowed: name, arguments, id)',
      ],
      [{ toolCalls: { name: 'f' } }, 'script[0].toolCalls must be an array of { name, arguments, id? }, got an object'],
      [{ txt: 'hi' }, 'script[0] has none of text, toolCalls, chunks, parts, output or error (keys: txt)'],
      [
        { text: 'hi', toolcalls: [] },
        'script[0] has unknown key toolcalls for an answer item (allowed: text, toolCalls, chunks, parts, usage, delayMs, chunkSize, stream, finishReason, reasoning)',
      ],
      [{ text: 3 }, 'script[0].text must be a string, got 3'],
      [{ text: 'a', chunks: ['b'] }, 'script[0] has text and chunks; give one of them'],
      [{ chunks: ['a', 1] }, 'script[0].chunks[1] must be a string, got 1'],
      [{ error: 'boom' }, 'script[0].error must be an Error, got "boom"'],
      [{ error: new Error('x'), text: 'y' }, 'script[0] has unknown key text for an error item (allowed: error, delayMs)'],
      [{ text: 'a', delayMs: -1 }, 'script[0].delayMs must be a non-negative number, got -1'],
      [{ text: 'a', usage: { inputTokens: 1 } }, 'script[0].usage.outputTokens must be a non-negative integer, got undefined'],
      [{ text: 'a', chunkSize: 0 }, 'script[0].chunkSize must be a positive integer, got 0'],
      [{ text: 'a', stream: 'yes' }, 'script[0].stream must be a boolean, got "yes"'],
      [{ text: 'a', stream: false, chunkSize: 2 }, 'script[0] has chunkSize with stream: false; drop one of them'],
      ['hello', 'script[0] must be an answer object or a function, got "hello"'],
      [null, 'script[0] must be an answer object or a function, got null'],
    ];
    for (const [item, line] of cases) {
      expect(() => scriptedModel([item as ScriptItem], { name: 'm' })).toThrow(
        expect.objectContaining({
          code: 'SCRIPT_INVALID',
          message: `scripted model "m" has an invalid script (1 problem):\n  - ${line}`,
          details: { issues: [line] },
        }),
      );
    }
  });

  it('reports every problem of a script at once', () => {
    const script = [{ text: 'ok' }, () => ({ text: 'fn' }), { text: 1 }, { toolCalls: [{ arguments: {} }] }] as ScriptItem[];
    expect(() => scriptedModel(script)).toThrow(
      'scripted model "scripted" has an invalid script (2 problems):\n' +
        '  - script[2].text must be a string, got 1\n' +
        '  - script[3].toolCalls[0].name must be a non-empty string, got undefined',
    );
  });

  it('rejects a script that is not an array, and bad options', () => {
    expect(() => scriptedModel({ text: 'hi' } as never)).toThrow(
      expect.objectContaining({
        code: 'SCRIPT_INVALID',
        message: 'scripted model "scripted": invalid script: it must be an array of items, got an object',
      }),
    );
    const bad: [unknown, string][] = [
      [{ name: '' }, 'scriptedModel(): options.name must be a non-empty string, got ""'],
      [{ repeatLast: 'yes' }, 'scriptedModel(): options.repeatLast must be a boolean, got "yes"'],
      [{ chunkSize: 1.5 }, 'scriptedModel(): options.chunkSize must be a positive integer, got 1.5'],
      [null, 'scriptedModel(): options must be an object, got null'],
    ];
    for (const [options, message] of bad) {
      expect(() => scriptedModel([], options as ScriptedModelOptions)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message }),
      );
    }
  });
});

describe('scriptedModel() function items', () => {
  const tools: ToolSpec[] = [{ name: 'add', description: 'Adds.', parameters: { type: 'object' } }];

  it('computes the answer from the messages and the call (sync, returning an item)', async () => {
    const seen: unknown[] = [];
    const model = scriptedModel([
      { text: 'first' },
      (messages, call) => {
        seen.push({ messages, callNumber: call.callNumber, index: call.index, tools: call.tools, streamed: call.streamed });
        return { toolCalls: [{ name: 'add', arguments: { text: messages.at(-1)?.content } }] };
      },
    ]);
    await model.generate(hi);
    expect(await collect(model.stream([userMessage('add this')], { tools }))).toEqual([
      { toolCalls: [{ index: 0, id: 'call_2_0', name: 'add', arguments: '{"text":"add this"}' }] },
    ]);
    expect(seen).toEqual([{ messages: [userMessage('add this')], callNumber: 2, index: 1, tools, streamed: true }]);
  });

  it('may be async and return an assistant Message, whose missing pieces are filled like an item', async () => {
    const model = scriptedModel([
      async () => ({ role: 'assistant', content: 'calling', toolCalls: [{ id: 'c9', name: 'add', arguments: '{"a":1}' }] }),
      async () => Promise.resolve({ role: 'assistant', content: 'done', usage: { inputTokens: 5, outputTokens: 1 } } satisfies Message),
    ]);
    expect(await model.generate(hi)).toEqual({
      role: 'assistant',
      content: 'calling',
      toolCalls: [{ id: 'c9', name: 'add', arguments: '{"a":1}' }],
    });
    expect(await model.generate(hi)).toEqual({ role: 'assistant', content: 'done', usage: { inputTokens: 5, outputTokens: 1 } });
  });

  it('may return an error item or throw, and the call fails with that error', async () => {
    const boom = new Error('boom');
    const model = scriptedModel([
      () => ({ error: boom }),
      () => {
        throw boom;
      },
    ]);
    expect(await rejection(model.generate(hi))).toBe(boom);
    expect(await rejection(collect(model.stream(hi)))).toBe(boom);
  });

  it('fails the call with SCRIPT_INVALID when it returns something that is not an answer', async () => {
    const model = scriptedModel(
      [() => ({ role: 'user', content: 'hi' }) as Message, () => ({ toolCalls: [{ name: '', arguments: {} }] }), () => 'text' as never],
      { name: 'm' },
    );
    await expect(model.generate(hi)).rejects.toMatchObject({
      code: 'SCRIPT_INVALID',
      message:
        'scripted model "m" got an invalid answer for call 1:\n  - the result of script[0] is a message with role "user"; a model answers as "assistant"',
      details: { callNumber: 1, index: 0 },
    });
    await expect(model.generate(hi)).rejects.toMatchObject({
      message:
        'scripted model "m" got an invalid answer for call 2:\n  - the result of script[1].toolCalls[0].name must be a non-empty string, got ""',
    });
    await expect(collect(model.stream(hi))).rejects.toMatchObject({
      message:
        'scripted model "m" got an invalid answer for call 3:\n  - the result of script[2] must be an answer object or a function, got "text"',
    });
  });
});

describe('scriptedModel() records calls', () => {
  const tools: ToolSpec[] = [
    { name: 'add', description: 'Adds.', parameters: { type: 'object', properties: { a: { type: 'number' } } } },
    { name: 'lookup', description: 'Looks up.', parameters: { type: 'object' } },
  ];

  it('with copies of the messages and tools it was sent, and whether it streamed', async () => {
    const model = scriptedModel([{ text: 'a' }, { text: 'b' }]);
    const messages: Message[] = [userMessage('first')];
    const signal = new AbortController().signal;
    await model.generate(messages, { tools, signal });
    messages.push({ role: 'assistant', content: 'a' });
    await collect(model.stream(messages, { tools: [], signal }));
    messages[0]!.content = 'mutated';
    (tools[0]!.parameters['properties'] as Record<string, unknown>)['a'] = 'mutated';
    expect(model.calls).toEqual([
      {
        messages: [userMessage('first')],
        tools: [
          { name: 'add', description: 'Adds.', parameters: { type: 'object', properties: { a: { type: 'number' } } } },
          { name: 'lookup', description: 'Looks up.', parameters: { type: 'object' } },
        ],
        toolNames: ['add', 'lookup'],
        streamed: false,
      },
      { messages: [userMessage('first'), { role: 'assistant', content: 'a' }], tools: [], toolNames: [], streamed: true },
    ]);
  });

  it('reset() rewinds the script and forgets the calls', async () => {
    const model = scriptedModel([{ text: 'a' }, { toolCalls: [{ name: 'f', arguments: {} }] }]);
    await model.generate(hi);
    await model.generate(hi);
    const before = model.calls;
    model.reset();
    expect(model.calls).toEqual([]);
    expect(before).toHaveLength(2);
    expect(await model.generate(hi)).toEqual({ role: 'assistant', content: 'a' });
    expect(await model.generate(hi)).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_2_0', name: 'f', arguments: '{}' }],
    });
    expect(model.calls).toHaveLength(2);
  });

  it('repeatLast answers every further call with the last item', async () => {
    const model = scriptedModel([{ text: 'a' }, { toolCalls: [{ name: 'f', arguments: {} }] }], { repeatLast: true });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await model.generate(hi));
    expect(answers).toEqual([
      { role: 'assistant', content: 'a' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_2_0', name: 'f', arguments: '{}' }] },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_3_0', name: 'f', arguments: '{}' }] },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_4_0', name: 'f', arguments: '{}' }] },
    ]);
  });
});

describe('scriptedModel() delays and aborts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits delayMs before answering (generate and stream)', async () => {
    vi.useFakeTimers();
    const model = scriptedModel([
      { text: 'late', delayMs: 1000 },
      { chunks: ['a', 'b'], delayMs: 500 },
      () => ({ text: 'computed', delayMs: 700 }),
    ]);
    const settled: string[] = [];
    const answer = model.generate(hi).then((m) => settled.push(`generate:${m.content}`));
    const streamed = collect(model.stream(hi)).then((c) => settled.push(`stream:${c.length}`));
    const computed = model.generate(hi).then((m) => settled.push(`function:${m.content}`));
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual(['stream:2']);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toEqual(['stream:2', 'function:computed']);
    await vi.advanceTimersByTimeAsync(300);
    expect(settled).toEqual(['stream:2', 'function:computed', 'generate:late']);
    await Promise.all([answer, streamed, computed]);
  });

  it('takes items in call order for concurrent calls, and records failed calls too', async () => {
    const model = scriptedModel([{ text: 'slow', delayMs: 5 }, { text: 'fast' }]);
    vi.useFakeTimers();
    const pending = Promise.all([model.generate([userMessage('1')]), model.generate([userMessage('2')])]);
    await vi.advanceTimersByTimeAsync(5);
    const results = await pending;
    expect(results.map((m) => m.content)).toEqual(['slow', 'fast']);
    await expect(model.generate([userMessage('3')])).rejects.toMatchObject({ code: 'SCRIPT_EXHAUSTED' });
    expect(model.calls.map((c) => c.messages[0]?.content)).toEqual(['1', '2', '3']);
  });

  it('a delayed error item waits, then fails', async () => {
    vi.useFakeTimers();
    const boom = new Error('boom');
    const model = scriptedModel([{ error: boom, delayMs: 100 }]);
    const failed = rejection(model.generate(hi));
    await vi.advanceTimersByTimeAsync(100);
    expect(await failed).toBe(boom);
  });

  it("an abort mid-delay rejects at once with the signal's reason and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const model = scriptedModel([
      { text: 'never', delayMs: 60_000 },
      { chunks: ['x'], delayMs: 60_000 },
    ]);
    const controller = new AbortController();
    const generated = rejection(model.generate(hi, { signal: controller.signal }));
    const streamed = rejection(collect(model.stream(hi, { signal: controller.signal })));
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(2);
    const reason = new Error('user cancelled');
    controller.abort(reason);
    expect(await generated).toBe(reason);
    expect(await streamed).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an already-aborted signal rejects at once, without taking an item or recording the call', async () => {
    const model = scriptedModel([{ text: 'kept' }]);
    const controller = new AbortController();
    const reason = new Error('too late');
    controller.abort(reason);
    expect(await rejection(model.generate(hi, { signal: controller.signal }))).toBe(reason);
    expect(await rejection(model.stream(hi, { signal: controller.signal })[Symbol.asyncIterator]().next())).toBe(reason);
    expect(model.calls).toEqual([]);
    expect(await model.generate(hi)).toEqual({ role: 'assistant', content: 'kept' });
  });

  it('an abort mid-stream stops the stream before the next chunk', async () => {
    const model = scriptedModel([{ chunks: ['a', 'b', 'c'] }]);
    const controller = new AbortController();
    const iterator = model.stream(hi, { signal: controller.signal })[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: { content: 'a' } });
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await rejection(iterator.next())).toBe(reason);
  });
});

describe('record: false', () => {
  it('keeps no call log, while function items still see what was sent', async () => {
    const model = scriptedModel([{ text: 'a' }, { text: 'b' }], { record: false });
    await model.generate([{ role: 'user', content: 'hi' }], { tools: [{ name: 't', description: '', parameters: { type: 'object' } }] });
    expect(model.calls).toEqual([]);
    const seen: number[] = [];
    const fn = scriptedModel([(messages) => (seen.push(messages.length), { text: 'x' })], { record: false });
    await fn.generate([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
    ]);
    expect(seen).toEqual([2]);
    expect(() => scriptedModel([], { record: 'no' as never })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
