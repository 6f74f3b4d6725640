import { concatMessageChunks, userMessage, type Message, type MessageChunk, type OutputSpec } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import type { ModelError } from './errors.ts';
import type { ScriptCallInfo, ScriptItem } from './script-item.ts';
import { scriptedModel } from './scripted-model.ts';

const hi = [userMessage('Weather in Oslo?')];
const weather: OutputSpec = {
  name: 'weather_report',
  description: 'The weather of one city.',
  schema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } } },
};
const signal = new AbortController().signal;

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const out: MessageChunk[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

/** The same one-item script answered by generate() and by stream(), on two fresh models. */
async function both(item: ScriptItem): Promise<{ message: Message; chunks: MessageChunk[] }> {
  const message = await scriptedModel([item]).generate(hi);
  const chunks = await collect(scriptedModel([item]).stream(hi));
  expect(concatMessageChunks(chunks)).toEqual(message);
  return { message, chunks };
}

describe('scriptedModel() { output } items', () => {
  it('answer with the JSON text of the value and finish with stop; streamed whole, or cut by chunkSize', async () => {
    expect(await both({ output: { city: 'Oslo', celsius: 4 } })).toEqual({
      message: { role: 'assistant', content: '{"city":"Oslo","celsius":4}', finishReason: 'stop' },
      chunks: [{ content: '{"city":"Oslo","celsius":4}', finishReason: 'stop' }],
    });
    expect((await both({ output: ['a', 1, null], chunkSize: 4, usage: { inputTokens: 2, outputTokens: 1 } })).chunks).toEqual([
      { content: '["a"' },
      { content: ',1,n' },
      { content: 'ull]', usage: { inputTokens: 2, outputTokens: 1 }, finishReason: 'stop' },
    ]);
    const scalars = await Promise.all([null, 'text', 0, false].map(async (output) => (await both({ output })).message.content));
    expect(scalars).toEqual(['null', '"text"', '0', 'false']);
  });

  it('may set another finish reason, as may every answer item; without one, only { output } items have one', async () => {
    const cut = await both({ toolCalls: [{ name: 'get_weather', arguments: '{"city": "Osl' }], finishReason: 'length' });
    expect(cut).toEqual({
      message: {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1_0', name: 'get_weather', arguments: '{"city": "Osl' }],
        finishReason: 'length',
      },
      chunks: [{ toolCalls: [{ index: 0, id: 'call_1_0', name: 'get_weather', arguments: '{"city": "Osl' }], finishReason: 'length' }],
    });
    expect((await both({ output: { city: 'Os' }, finishReason: 'length' })).message.finishReason).toBe('length');
    expect((await both({ text: '', finishReason: 'content-filter' })).chunks).toEqual([{ content: '', finishReason: 'content-filter' }]);
    const usage = { inputTokens: 3, outputTokens: 2 };
    expect(
      (await both({ chunks: ['a', 'b'], toolCalls: [{ name: 'f', arguments: {} }], usage, finishReason: 'tool-calls' })).chunks,
    ).toEqual([
      { content: 'a' },
      { content: 'b' },
      { toolCalls: [{ index: 0, id: 'call_1_0', name: 'f', arguments: '{}' }], usage, finishReason: 'tool-calls' },
    ]);
    // Scripts written before finish reasons answer exactly as they did.
    expect((await both({ text: 'hi', toolCalls: [{ name: 'f', arguments: {} }] })).message).not.toHaveProperty('finishReason');
  });
});

describe('scriptedModel() and options.output', () => {
  it('records the output asked for (a copy), and gives it to function items with the other call options', async () => {
    const seen: ScriptCallInfo[] = [];
    const model = scriptedModel([
      (_, info) => (seen.push(info), { output: { city: 'Oslo', celsius: 4 } }),
      (_, info) => (seen.push(info), { text: 'plain' }),
    ]);
    const output = structuredClone(weather);
    const answer = await model.generate(hi, { tools: [], signal, output });
    output.name = 'mutated';
    await collect(model.stream(hi, { tools: [], signal }));
    expect(answer.content).toBe('{"city":"Oslo","celsius":4}');
    expect(seen.map(({ output: asked, streamed, tools }) => ({ output: asked, streamed, tools }))).toEqual([
      { output: weather, streamed: false, tools: [] },
      { output: undefined, streamed: true, tools: [] },
    ]);
    expect(model.calls.map((c) => c.output)).toEqual([weather, undefined]);
    expect(model.calls[1]).not.toHaveProperty('output');
  });

  it('a function item returning an assistant Message keeps its finish reason', async () => {
    const model = scriptedModel([() => ({ role: 'assistant', content: '{"ci', finishReason: 'length' })]);
    expect(await model.generate(hi)).toEqual({ role: 'assistant', content: '{"ci', finishReason: 'length' });
  });

  it('rejects a call whose output is malformed with INVALID_ARGUMENT, taking no item', async () => {
    const model = scriptedModel([{ text: 'kept' }], { name: 'm' });
    const error = await model.generate(hi, { output: { name: 'w' } as OutputSpec }).then(
      () => expect.fail('expected INVALID_ARGUMENT'),
      (e: unknown) => e as ModelError,
    );
    expect([error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'scripted model "m": options.output.schema must be a JSON Schema object, got undefined',
    ]);
    expect((await model.generate(hi)).content).toBe('kept');
  });
});

describe('scriptedModel() checks output items and finish reasons', () => {
  it('rejects what has no JSON text, keys an output item cannot have, and unknown finish reasons', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const cases: [unknown, string][] = [
      [{ output: undefined }, 'script[0].output must be a JSON value: undefined is not JSON'],
      [{ output: { at: () => 1 } }, 'script[0].output must be a JSON value: a function is not JSON'],
      [{ output: [1, Number.NaN] }, 'script[0].output must be a JSON value: NaN is not a JSON number'],
      [{ output: 1n }, 'script[0].output must be a JSON value: a bigint is not JSON'],
      [{ output: { when: new Date(0) } }, 'script[0].output must be a JSON value: it holds an object that is not plain data'],
      [{ output: cyclic }, 'script[0].output must be a JSON value: it refers to itself'],
      [
        { output: {}, text: 'x' },
        'script[0] has unknown key text for an output item (allowed: output, usage, delayMs, chunkSize, stream, finishReason, reasoning)',
      ],
      [
        { text: 'x', finishReason: 'tool_calls' },
        'script[0].finishReason must be one of stop, length, tool-calls, content-filter, error, other, got "tool_calls"',
      ],
    ];
    for (const [item, line] of cases) {
      expect(() => scriptedModel([item as ScriptItem], { name: 'm' })).toThrow(
        expect.objectContaining({ code: 'SCRIPT_INVALID', details: { issues: [line] } }),
      );
    }
    // The same object twice is not a cycle.
    const shared = { a: 1 };
    expect(() => scriptedModel([{ output: [shared, shared] }])).not.toThrow();
  });
});
