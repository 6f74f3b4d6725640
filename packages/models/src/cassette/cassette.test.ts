import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  concatMessageChunks,
  systemMessage,
  userMessage,
  type ChatModel,
  type Message,
  type MessageChunk,
  type ModelCallOptions,
  type ToolSpec,
} from '@weft/chat-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelError } from '../errors.ts';
import { scriptedModel } from '../scripted-model.ts';
import type { CassetteEntry } from './cassette-entry.ts';
import { recordModel } from './record-model.ts';
import { replayModel } from './replay-model.ts';

const weatherSpec: ToolSpec = { name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object' } };
const timeSpec: ToolSpec = { name: 'get_time', description: 'Time in a city.', parameters: { type: 'object' } };
const hi = [userMessage('hi')];
const sum = [systemMessage('Be brief.'), userMessage('What is 2+2?')];

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'weft-cassette-'));
  file = join(dir, 'nested', 'folder', 'cassette.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const call = (tools: ToolSpec[] = [], signal = new AbortController().signal): ModelCallOptions => ({ tools, signal });

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const out: MessageChunk[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

async function rejection(promise: Promise<unknown>): Promise<any> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
}

async function cassetteLines(path = file): Promise<CassetteEntry[]> {
  const text = await readFile(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as CassetteEntry);
}

/** Records `script` answering the given generate() calls, in order. */
async function recordCalls(requests: { messages: Message[]; tools?: ToolSpec[] }[], answers: string[]): Promise<void> {
  const model = recordModel(scriptedModel(answers.map((text) => ({ text }))), file);
  for (const { messages, tools } of requests) await model.generate(messages, call(tools));
}

describe('recordModel() → replayModel() round trips', () => {
  it('generate(): the inner answers pass through, one exact JSONL line per call, replayed as the same messages', async () => {
    const inner = scriptedModel(
      [
        { text: 'Hello!', usage: { inputTokens: 3, outputTokens: 2 } },
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      ],
      { name: 'inner' },
    );
    const model = recordModel(inner, file);
    expect(model.name).toBe('inner');
    const first = await model.generate(hi, call());
    const second = await model.generate(sum, call([weatherSpec]));
    expect(first).toEqual({ role: 'assistant', content: 'Hello!', usage: { inputTokens: 3, outputTokens: 2 } });
    expect(second).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_2_0', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    });
    expect(await cassetteLines()).toEqual([
      { v: 1, model: 'inner', request: { messages: hi, tools: [] }, response: { message: first }, streamed: false },
      { v: 1, model: 'inner', request: { messages: sum, tools: [weatherSpec] }, response: { message: second }, streamed: false },
    ]);
    const replay = replayModel(file);
    expect(replay.name).toBe('replay');
    expect(await replay.generate(hi, call())).toEqual(first);
    expect(await replay.generate(sum, call([weatherSpec]))).toEqual(second);
  });

  it('stream(): chunks pass through as they come, are recorded, and replay identically; generate() joins them', async () => {
    const inner = scriptedModel([
      {
        chunks: ['Hel', 'lo'],
        toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }],
        usage: { inputTokens: 5, outputTokens: 4 },
      },
      { text: 'again', chunkSize: 2 },
    ]);
    const model = recordModel(inner, file, { name: 'recorder' });
    expect(model.name).toBe('recorder');
    const chunks = await collect(model.stream(hi, call([weatherSpec])));
    expect(chunks).toEqual([
      { content: 'Hel' },
      { content: 'lo' },
      {
        toolCalls: [{ index: 0, id: 'call_1_0', name: 'get_weather', arguments: '{"city":"Rome"}' }],
        usage: { inputTokens: 5, outputTokens: 4 },
      },
    ]);
    const again = await collect(model.stream(hi, call()));
    expect(await cassetteLines()).toEqual([
      { v: 1, model: 'scripted', request: { messages: hi, tools: [weatherSpec] }, response: { chunks }, streamed: true },
      { v: 1, model: 'scripted', request: { messages: hi, tools: [] }, response: { chunks: again }, streamed: true },
    ]);
    expect(await collect(replayModel(file).stream(hi, call([weatherSpec])))).toEqual(chunks);
    expect(await replayModel(file).generate(hi, call([weatherSpec]))).toEqual(concatMessageChunks(chunks));
    expect(concatMessageChunks(await collect(replayModel(file).stream(hi, call())))).toEqual({ role: 'assistant', content: 'again' });
  });

  it('stream() on a recorded generate() yields one chunk: the text, the tool calls as complete deltas, the usage', async () => {
    const inner = scriptedModel([
      {
        text: 'Let me look.',
        toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }],
        usage: { inputTokens: 1, outputTokens: 1 },
      },
    ]);
    const message = await recordModel(inner, file).generate(hi, call());
    const chunks = await collect(replayModel(file).stream(hi, call()));
    expect(chunks).toEqual([
      {
        content: 'Let me look.',
        toolCalls: [{ index: 0, id: 'call_1_0', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
        usage: { inputTokens: 1, outputTokens: 1 },
      },
    ]);
    expect(concatMessageChunks(chunks)).toEqual(message);
  });

  it('errors: recorded with name, message and code, rethrown alike (a ModelError when there was a code)', async () => {
    const rateLimit = new ModelError('MODEL_RATE_LIMIT', 'slow down');
    const broken: ChatModel = {
      name: 'broken',
      generate: () => Promise.reject(new TypeError('boom')),
      async *stream() {
        yield { content: 'half' };
        throw new Error('cut mid-stream');
      },
    };
    const limited = recordModel(scriptedModel([{ error: rateLimit }]), file);
    expect(await rejection(limited.generate(hi, call()))).toBe(rateLimit);
    const model = recordModel(broken, file);
    expect(await rejection(model.generate(sum, call()))).toBeInstanceOf(TypeError);
    const seen: MessageChunk[] = [];
    const streamed = rejection(
      (async () => {
        for await (const chunk of model.stream(hi, call())) seen.push(chunk);
      })(),
    );
    expect((await streamed).message).toBe('cut mid-stream');
    expect(seen).toEqual([{ content: 'half' }]);
    expect((await cassetteLines()).map((e) => [e.model, e.response, e.streamed])).toEqual([
      ['scripted', { error: { name: 'ModelError', message: 'slow down', code: 'MODEL_RATE_LIMIT' } }, false],
      ['broken', { error: { name: 'TypeError', message: 'boom' } }, false],
      ['broken', { error: { name: 'Error', message: 'cut mid-stream' } }, true],
    ]);
    const replay = replayModel(file);
    const limitErr = await rejection(replay.generate(hi, call()));
    expect(limitErr).toBeInstanceOf(ModelError);
    expect([limitErr.name, limitErr.message, limitErr.code]).toEqual(['ModelError', 'slow down', 'MODEL_RATE_LIMIT']);
    const typeErr = await rejection(replay.generate(sum, call()));
    expect([typeErr instanceof ModelError, typeErr instanceof Error, typeErr.name, typeErr.message]).toEqual([
      false,
      true,
      'TypeError',
      'boom',
    ]);
    const replayed: MessageChunk[] = [];
    const streamErr = await rejection(
      (async () => {
        for await (const chunk of replay.stream(hi, call())) replayed.push(chunk);
      })(),
    );
    expect([streamErr.name, streamErr.message, replayed]).toEqual(['Error', 'cut mid-stream', []]);
  });

  it('appends: several runs build one cassette, and creates the parent folders', async () => {
    await recordCalls([{ messages: hi }], ['one']);
    await recordCalls([{ messages: sum }], ['two']);
    expect((await cassetteLines()).map((e) => e.response)).toEqual([
      { message: { role: 'assistant', content: 'one' } },
      { message: { role: 'assistant', content: 'two' } },
    ]);
  });

  it('an already-aborted signal rejects with its reason and records or uses nothing', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    const recorder = recordModel(scriptedModel([{ text: 'x' }]), file);
    expect(await rejection(recorder.generate(hi, call([], controller.signal)))).toBe(reason);
    expect(await rejection(collect(recorder.stream(hi, call([], controller.signal))))).toBe(reason);
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    await recorder.generate(hi, call());
    const replay = replayModel(file);
    expect(await rejection(replay.generate(hi, call([], controller.signal)))).toBe(reason);
    expect(await rejection(collect(replay.stream(hi, call([], controller.signal))))).toBe(reason);
    expect(await replay.generate(hi, call())).toEqual({ role: 'assistant', content: 'x' });
  });
});

describe('replayModel() matching', () => {
  const a = { messages: [userMessage('a')] };
  const b = { messages: [userMessage('b')] };

  it("'request' (default): calls in the opposite order, or concurrent, get their own answers", async () => {
    await recordCalls([a, b], ['answer a', 'answer b']);
    const replay = replayModel(file);
    expect((await replay.generate(b.messages, call())).content).toBe('answer b');
    expect((await replay.generate(a.messages, call())).content).toBe('answer a');
    const concurrent = replayModel(file);
    const answers = await Promise.all([concurrent.generate(b.messages, call()), concurrent.generate(a.messages, call())]);
    expect(answers.map((m) => m.content)).toEqual(['answer b', 'answer a']);
  });

  it('identical requests take the recorded answers in order', async () => {
    await recordCalls([a, a], ['first', 'second']);
    const replay = replayModel(file);
    expect([(await replay.generate(a.messages, call())).content, (await replay.generate(a.messages, call())).content]).toEqual([
      'first',
      'second',
    ]);
  });

  it("'sequential': each call must match the next entry; a mismatch does not use it up", async () => {
    await recordCalls([a, b], ['answer a', 'answer b']);
    const replay = replayModel(file, { match: 'sequential' });
    const err = await rejection(replay.generate(b.messages, call()));
    expect(err).toMatchObject({ code: 'CASSETTE_MISMATCH', details: { file, index: 0, closest: { messages: a.messages, tools: [] } } });
    expect(err.message).toContain('next (sequential) recorded request: line 1');
    expect((await replay.generate(a.messages, call())).content).toBe('answer a');
    expect((await replay.generate(b.messages, call())).content).toBe('answer b');
  });
});

describe('replayModel() mismatches', () => {
  it('message 1 differs: the full message, with a field-by-field diff against the closest recorded request', async () => {
    await recordCalls([{ messages: hi }, { messages: sum }], ['hello', '4']);
    const actual = [systemMessage('Be brief.'), userMessage('What is 3+3?')];
    const err = await rejection(replayModel(file).generate(actual, call()));
    expect(err).toBeInstanceOf(ModelError);
    expect(err.code).toBe('CASSETTE_MISMATCH');
    expect(err.details).toEqual({ file, index: 1, closest: { messages: sum, tools: [] } });
    expect(err.message).toBe(
      [
        `replay model "replay" has no recorded answer for this request (cassette ${file}, 2 unused entries)`,
        'closest recorded request: line 2',
        'first differing message: 1 (- recorded, + actual)',
        '    role: "user"',
        '  - content: "What is 2+2?"',
        '  + content: "What is 3+3?"',
        '    toolCalls: none',
      ].join('\n'),
    );
  });

  it('messages equal, tools differ: the tool names added and removed', async () => {
    await recordCalls([{ messages: hi, tools: [weatherSpec] }], ['hello']);
    const err = await rejection(replayModel(file, { name: 'weather' }).generate(hi, call([timeSpec])));
    expect(err.message).toBe(
      [
        `replay model "weather" has no recorded answer for this request (cassette ${file}, 1 unused entry)`,
        'closest recorded request: line 1',
        'all 1 messages are equal; tools differ: added get_time; removed get_weather',
      ].join('\n'),
    );
  });

  it('a missing or extra message, and differing tool calls, are shown side by side', async () => {
    const toolCall = { id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' };
    await recordCalls([{ messages: [...hi, { role: 'assistant', content: '', toolCalls: [toolCall] }] }], ['x']);
    const replay = replayModel(file);
    const changed = await rejection(
      replay.generate([...hi, { role: 'assistant', content: '', toolCalls: [{ ...toolCall, id: 'c2' }] }], call()),
    );
    expect(changed.message.split('\n').slice(2)).toEqual([
      'first differing message: 1 (- recorded, + actual)',
      '    role: "assistant"',
      '    content: ""',
      '  - toolCalls: [c1] get_weather({"city":"Paris"})',
      '  + toolCalls: [c2] get_weather({"city":"Paris"})',
    ]);
    const shorter = await rejection(replay.generate(hi, call()));
    expect(shorter.message.split('\n').slice(2)).toEqual([
      'first differing message: 1 (- recorded, + actual)',
      '  - role: "assistant"',
      '  - content: ""',
      '  - toolCalls: [c1] get_weather({"city":"Paris"})',
      '  + (no message)',
    ]);
  });

  it('long contents: a window around the first difference, with lengths and where they differ', async () => {
    const long = 'x'.repeat(300);
    await recordCalls([{ messages: [userMessage(`${long}A${long}`)] }], ['ok']);
    const err = await rejection(replayModel(file).generate([userMessage(`${long}B${long}`)], call()));
    const window = `${'x'.repeat(40)}A${'x'.repeat(119)}`;
    expect(err.message.split('\n').slice(3)).toEqual([
      '    role: "user"',
      `  - content: …"${window}"… (601 chars, differs at 300)`,
      `  + content: …"${window.replace('A', 'B')}"… (601 chars, differs at 300)`,
      '    toolCalls: none',
    ]);
  });

  it('an exhausted cassette: CASSETTE_MISMATCH with 0 unused entries, pointing at the used identical entry', async () => {
    await recordCalls([{ messages: hi }], ['hello']);
    const replay = replayModel(file);
    await replay.generate(hi, call());
    const err = await rejection(replay.generate(hi, call()));
    expect(err.code).toBe('CASSETTE_MISMATCH');
    expect(err.message).toBe(
      [
        `replay model "replay" has no recorded answer for this request (cassette ${file}, 0 unused entries)`,
        'closest recorded request: line 1, which is identical but already used',
      ].join('\n'),
    );
  });
});

describe('replayModel() cassette and option errors', () => {
  it('a missing file: constructing is fine, the first call rejects with CASSETTE_INVALID naming the file', async () => {
    const replay = replayModel(join(dir, 'none.jsonl'));
    const err = await rejection(replay.generate(hi, call()));
    expect(err).toMatchObject({ code: 'CASSETTE_INVALID', details: { file: join(dir, 'none.jsonl') } });
    expect(err.message).toBe(`cassette ${join(dir, 'none.jsonl')} does not exist (record it first with recordModel)`);
  });

  it('a corrupt line: CASSETTE_INVALID with its line number (blank lines are skipped but counted)', async () => {
    await recordCalls([{ messages: hi }], ['hello']);
    const good = await readFile(file, 'utf8');
    const cases: [string, string][] = [
      ['{"v":1, oops', 'not JSON'],
      [good.replace('"v":1', '"v":2'), '"v" is 2, expected 1'],
      [good.replace('"streamed":false', '"streamed":"no"'), 'missing "streamed" (a boolean)'],
      [good.replace('"message"', '"answer"'), '"response" must have exactly one of "message", "chunks" or "error"'],
      [good.replace('"streamed":false', '"streamed":true'), 'a streamed call must have "chunks" or "error", not "message"'],
    ];
    for (const [line, problem] of cases) {
      await writeFile(file, `${good}\n${line.trim()}\n`);
      const err = await rejection(replayModel(file).generate(hi, call()));
      expect(err).toMatchObject({ code: 'CASSETTE_INVALID', details: { file, line: 3 } });
      expect(err.message).toContain(`cassette ${file} line 3: ${problem}`);
    }
  });

  it('bad options are INVALID_ARGUMENT at once', () => {
    const inner = scriptedModel([{ text: 'x' }]);
    const bad: [() => unknown, string][] = [
      [() => replayModel(''), 'replayModel(): file must be a non-empty string, got ""'],
      [
        () => replayModel(file, { match: 'random' as 'request' }),
        'replayModel(): options.match must be "request" or "sequential", got "random"',
      ],
      [() => replayModel(file, { name: '' }), 'replayModel(): options.name must be a non-empty string, got ""'],
      [() => recordModel({} as ChatModel, file), 'recordModel(): inner must be a ChatModel (with generate and stream), got an object'],
      [() => recordModel(inner, 42 as unknown as string), 'recordModel(): file must be a non-empty string, got 42'],
      [() => recordModel(inner, file, null as unknown as object), 'recordModel(): options must be an object, got null'],
    ];
    for (const [make, message] of bad) expect(make).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }));
  });
});

describe('recordModel: what the inner model declares', () => {
  it("keeps the inner model's info (the calls are its calls); a model that declares none records as one that declares none", () => {
    const inner = scriptedModel([{ text: 'ok' }]);
    const info = { provider: 'openai', server: { address: 'api.openai.com', port: 443 }, request: { model: 'gpt-4o-mini' } };
    const declared: ChatModel = { name: 'm', info, generate: (m, o) => inner.generate(m, o), stream: (m, o) => inner.stream(m, o) };
    expect(recordModel(declared, file).info).toEqual(info);
    expect(recordModel(inner, file).info).toBeUndefined();
  });
});
