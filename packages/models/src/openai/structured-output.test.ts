import { concatMessageChunks, type Message, type MessageChunk, type ModelCallOptions, type OutputSpec } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import type { ModelError } from '../errors.ts';
import { useFakeOpenAI } from './test-support/use-fake-openai.ts';
import { chunk, finishChunk, finishedCompletion, json, sse, sseText } from './test-support/fake-openai-server.ts';

const setup = useFakeOpenAI();

const hi: Message[] = [{ role: 'user', content: 'Weather in Oslo?' }];
const call = (extra: Partial<ModelCallOptions> = {}): ModelCallOptions => ({ tools: [], signal: new AbortController().signal, ...extra });
const weather: OutputSpec = {
  name: 'weather_report',
  description: 'The weather of one city.',
  schema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'] },
};

/** The response the fixture bodies name: a completion its id and model, a stream chunk its id only. */
const response = { id: 'chatcmpl-1', model: 'test-model' };
const streamed = { id: 'chatcmpl-1' };

async function chunksOf(stream: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const chunks: MessageChunk[] = [];
  for await (const c of stream) chunks.push(c);
  return chunks;
}

describe('openAIChatModel structured output', () => {
  it('sends output as response_format json_schema (without strict by default), in generate and stream; the answer is the JSON text', async () => {
    const answer = '{"city":"Oslo","celsius":4}';
    const { model, server } = await setup([
      json(finishedCompletion('stop', answer)),
      sse(sseText([chunk({ content: '{"city":"Oslo",' }), chunk({ content: '"celsius":4}' }), finishChunk('stop')])),
    ]);
    expect(await model.generate(hi, call({ output: weather }))).toEqual({
      role: 'assistant',
      content: answer,
      finishReason: 'stop',
      response,
    });
    expect(concatMessageChunks(await chunksOf(model.stream(hi, call({ output: weather }))))).toEqual({
      role: 'assistant',
      content: answer,
      finishReason: 'stop',
      response: streamed,
    });
    const format = {
      type: 'json_schema',
      json_schema: { name: 'weather_report', description: 'The weather of one city.', schema: weather.schema },
    };
    expect(server.requests[0]?.body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      response_format: format,
    });
    expect(server.requests[1]?.body).toMatchObject({ stream: true, response_format: format });
  });

  it('strictOutput sends strict: true; no description, no description field; no output, no response_format', async () => {
    const { model, server } = await setup([json(finishedCompletion('stop', '{}'))], { strictOutput: true });
    const { description: _, ...plain } = weather;
    await model.generate(hi, call({ output: plain }));
    await model.generate(hi, call());
    expect(server.requests[0]?.body['response_format']).toEqual({
      type: 'json_schema',
      json_schema: { name: 'weather_report', schema: weather.schema, strict: true },
    });
    expect(server.requests[1]?.body).not.toHaveProperty('response_format');
  });

  it('rejects a malformed output with INVALID_ARGUMENT before sending anything', async () => {
    const { model, server } = await setup([json(finishedCompletion('stop', '{}'))]);
    const bad = [
      [{ name: '', schema: {} }, 'test-model: options.output.name must be a non-empty string, got ""'],
      [{ name: 'x', schema: 'object' }, 'test-model: options.output.schema must be a JSON Schema object, got "object"'],
      [{ name: 'x', schema: {}, description: 3 }, 'test-model: options.output.description must be a string, got 3'],
      [[], 'test-model: options.output must be { name, description?, schema }, got an array'],
    ] as const;
    for (const [output, message] of bad) {
      const error = await model.generate(hi, call({ output: output as unknown as OutputSpec })).then(
        () => expect.fail('expected INVALID_ARGUMENT'),
        (e: unknown) => e as ModelError,
      );
      expect([error.code, error.message]).toEqual(['INVALID_ARGUMENT', message]);
      await expect(chunksOf(model.stream(hi, call({ output: output as unknown as OutputSpec })))).rejects.toMatchObject({ message });
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('openAIChatModel finish reasons', () => {
  const reasons = [
    ['stop', 'stop'],
    ['length', 'length'],
    ['tool_calls', 'tool-calls'],
    ['content_filter', 'content-filter'],
    ['function_call', 'tool-calls'],
    ['eos_token', 'other'],
  ] as const;

  it('maps finish_reason of a completion: stop, length, tool_calls, content_filter, and others', async () => {
    const { model } = await setup(reasons.map(([reason]) => json(finishedCompletion(reason, 'text'))));
    const got = [];
    for (const _ of reasons) got.push((await model.generate(hi, call())).finishReason);
    expect(got).toEqual(reasons.map(([, weft]) => weft));
  });

  it('leaves finishReason out when the server sends none', async () => {
    const body = finishedCompletion('stop', 'ok');
    const { model } = await setup([json({ ...body, choices: body.choices.map(({ finish_reason: _, ...c }) => c) })]);
    expect(await model.generate(hi, call())).toEqual({ role: 'assistant', content: 'ok', response });
  });

  it('a stream carries finish_reason on the chunk that ends the choice, before the usage chunk', async () => {
    const { model } = await setup([
      sse(sseText([chunk({ content: 'Sunny and' }), chunk({ content: ' wa' }), finishChunk('length'), chunk(null, [9, 3])])),
      sse(sseText([chunk({ content: 'Fine.' }), finishChunk('stop')])),
    ]);
    const cut = await chunksOf(model.stream(hi, call()));
    expect(cut).toEqual([
      { content: 'Sunny and', response: streamed },
      { content: ' wa' },
      { finishReason: 'length' },
      { usage: { inputTokens: 9, outputTokens: 3 } },
    ]);
    expect(concatMessageChunks(cut)).toEqual({
      role: 'assistant',
      content: 'Sunny and wa',
      usage: { inputTokens: 9, outputTokens: 3 },
      finishReason: 'length',
      response: streamed,
    });
    expect(await chunksOf(model.stream(hi, call()))).toEqual([{ content: 'Fine.', response: streamed }, { finishReason: 'stop' }]);
  });

  it('a streamed tool call ends with tool_calls; one cut at the length limit ends with length and unfinished arguments', async () => {
    const start = (id: string) =>
      chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: 'get_weather', arguments: '' } }] });
    const args = (text: string) => chunk({ tool_calls: [{ index: 0, function: { arguments: text } }] });
    const { model } = await setup([
      sse(sseText([start('c1'), args('{"city":'), args('"Oslo"}'), finishChunk('tool_calls')])),
      sse(sseText([start('c2'), args('{"city": "Osl'), finishChunk('length')])),
    ]);
    const tools = [{ name: 'get_weather', description: '', parameters: { type: 'object' } }];
    const [done, cut] = [await chunksOf(model.stream(hi, call({ tools }))), await chunksOf(model.stream(hi, call({ tools })))];
    expect(concatMessageChunks(done)).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      finishReason: 'tool-calls',
      response: streamed,
    });
    expect(concatMessageChunks(cut)).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c2', name: 'get_weather', arguments: '{"city": "Osl' }],
      finishReason: 'length',
      response: streamed,
    });
  });
});
