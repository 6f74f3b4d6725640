import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userMessage, type MessageChunk, type ModelCallOptions, type OutputSpec } from '@weft/chat-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ModelError } from '../errors.ts';
import { scriptedModel } from '../scripted-model.ts';
import type { CassetteEntry } from './cassette-entry.ts';
import { recordModel } from './record-model.ts';
import { replayModel } from './replay-model.ts';

const hi = [userMessage('Weather in Oslo?')];
const weather: OutputSpec = {
  name: 'weather_report',
  schema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'] },
};
const call = (output?: OutputSpec): ModelCallOptions => ({ tools: [], signal: new AbortController().signal, ...(output && { output }) });

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'weft-cassette-'));
  file = join(dir, 'cassette.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const out: MessageChunk[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (err: unknown) => err as ModelError,
  );
}

const lines = async (): Promise<CassetteEntry[]> =>
  (await readFile(file, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as CassetteEntry);

describe('cassettes record structured output and finish reasons', () => {
  it('records the output asked for (and passes it to the inner model) and the finish reason; replays them', async () => {
    const inner = scriptedModel([{ output: { city: 'Oslo', celsius: 4 } }, { chunks: ['Sunny and', ' wa'], finishReason: 'length' }]);
    const recorder = recordModel(inner, file);
    const answer = await recorder.generate(hi, call(weather));
    const cut = await collect(recorder.stream(hi, call()));
    expect(inner.calls.map((c) => c.output)).toEqual([weather, undefined]);
    expect(answer).toEqual({ role: 'assistant', content: '{"city":"Oslo","celsius":4}', finishReason: 'stop' });
    expect(cut).toEqual([{ content: 'Sunny and' }, { content: ' wa', finishReason: 'length' }]);
    expect((await lines()).map((entry) => [entry.request, entry.response])).toEqual([
      [{ messages: hi, tools: [], output: weather }, { message: answer }],
      [{ messages: hi, tools: [] }, { chunks: cut }],
    ]);
    const replay = replayModel(file);
    expect(await replay.generate(hi, call(weather))).toEqual(answer);
    expect(await collect(replay.stream(hi, call()))).toEqual(cut);
  });

  it('passes every call option on to the inner model (cache marks too), and keys entries on the request alone', async () => {
    const inner = scriptedModel([{ text: 'a' }, { chunks: ['b'] }]);
    const seen: unknown[] = [];
    const recorder = recordModel(
      {
        name: inner.name,
        generate: (messages, options) => (seen.push(options?.cacheBreakpoints), inner.generate(messages, options)),
        stream: (messages, options) => (seen.push(options?.cacheBreakpoints), inner.stream(messages, options)),
      },
      file,
    );
    await recorder.generate(hi, { ...call(), cacheBreakpoints: [0] });
    await collect(recorder.stream(hi, { ...call(), cacheBreakpoints: [0] }));
    expect(seen).toEqual([[0], [0]]);
    expect((await lines()).map((entry) => entry.request)).toEqual([
      { messages: hi, tools: [] },
      { messages: hi, tools: [] },
    ]);
    // A cassette recorded with cache marks replays for calls with or without them.
    const replay = replayModel(file);
    expect(await replay.generate(hi, call())).toMatchObject({ content: 'a' });
  });

  it('a request asking for another output schema, or for none, is a CASSETTE_MISMATCH that shows the output', async () => {
    await recordModel(scriptedModel([{ output: { city: 'Oslo', celsius: 4 } }]), file).generate(hi, call(weather));
    const other: OutputSpec = { ...weather, schema: { type: 'object', properties: { city: { type: 'string' } } } };
    const changed = await failure(replayModel(file).generate(hi, call(other)));
    expect(changed.code).toBe('CASSETTE_MISMATCH');
    expect(changed.message.split('\n').slice(1)).toEqual([
      'closest recorded request: line 1',
      'all 1 messages and the tools are equal; the structured output differs (- recorded, + actual)',
      `  - output: weather_report ${JSON.stringify(weather.schema)}`,
      `  + output: weather_report ${JSON.stringify(other.schema)}`,
    ]);
    const none = await failure(replayModel(file).generate(hi, call()));
    expect(none.message.split('\n').slice(-2)).toEqual([
      `  - output: weather_report ${JSON.stringify(weather.schema)}`,
      '  + output: none',
    ]);
  });

  it('replays a cassette written before output and finish reasons (no such fields) for calls without output', async () => {
    const old = [
      {
        v: 1,
        model: 'm',
        request: { messages: hi, tools: [] },
        response: { message: { role: 'assistant', content: 'old' } },
        streamed: false,
      },
      {
        v: 1,
        model: 'm',
        request: { messages: hi, tools: [] },
        response: { chunks: [{ content: 'o' }, { content: 'ld' }] },
        streamed: true,
      },
    ];
    await writeFile(file, old.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    const replay = replayModel(file);
    expect(await replay.generate(hi, call())).toEqual({ role: 'assistant', content: 'old' });
    expect(await collect(replay.stream(hi, call()))).toEqual([{ content: 'o' }, { content: 'ld' }]);
    expect((await failure(replayModel(file).generate(hi, call(weather)))).code).toBe('CASSETTE_MISMATCH');
  });

  it('a malformed output or finish reason in a line is CASSETTE_INVALID; a malformed output asked for is INVALID_ARGUMENT', async () => {
    const entry = (request: object, response: object, streamed = false) =>
      JSON.stringify({ v: 1, model: 'm', request: { messages: hi, tools: [], ...request }, response, streamed });
    const message = { message: { role: 'assistant', content: 'x' } };
    const cases: [string, string][] = [
      [entry({ output: { name: 'w' } }, message), '"request.output" must be { name, description?, schema }'],
      [
        entry({}, { message: { role: 'assistant', content: 'x', finishReason: 'done' } }),
        '"response.message.finishReason" must be one of stop, length, tool-calls, content-filter, error, other',
      ],
      [
        entry({}, { chunks: [{ content: 'x' }, { finishReason: 'tool_calls' }] }, true),
        '"response.chunks[1].finishReason" must be one of stop, length, tool-calls, content-filter, error, other',
      ],
    ];
    for (const [line, problem] of cases) {
      await writeFile(file, `${line}\n`);
      const err = await failure(replayModel(file).generate(hi, call()));
      expect([err.code, err.message]).toEqual(['CASSETTE_INVALID', `cassette ${file} line 1: ${problem}`]);
    }
    const bad = await failure(replayModel(file).generate(hi, call({ name: '', schema: {} })));
    expect([bad.code, bad.message]).toEqual(['INVALID_ARGUMENT', 'replay: options.output.name must be a non-empty string, got ""']);
  });
});
