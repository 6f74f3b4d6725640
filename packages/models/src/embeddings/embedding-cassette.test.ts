import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Embedder } from '@weft/chat-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelError } from '../errors.ts';
import { recordEmbedder } from './record-embedder.ts';
import { replayEmbedder } from './replay-embedder.ts';
import { letterEmbedder } from './test-support/letter-embedder.ts';
import { NOTES_CALLS } from './test-support/notes-calls.ts';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'weft-embedding-cassette-'));
  file = join(dir, 'cassettes', 'notes.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const failure = (promise: Promise<unknown>): Promise<ModelError> =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e as ModelError,
  );

const lines = async (path: string): Promise<unknown[]> =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('recordEmbedder and replayEmbedder', () => {
  it('record then replay gives identical vectors, and replay calls no embedder', async () => {
    const inner = letterEmbedder();
    const recorder = recordEmbedder(inner, file);
    const first = await recorder.embed(['cats purr', 'dogs bark']);
    const second = await recorder.embed(['fish swim']);
    expect([recorder.name, recorder.dimensions, inner.calls.length]).toEqual(['letters-4', 4, 2]);
    expect(await lines(file)).toEqual([
      { v: 1, embedder: 'letters-4', texts: ['cats purr', 'dogs bark'], vectors: first },
      { v: 1, embedder: 'letters-4', texts: ['fish swim'], vectors: second },
    ]);

    const replay = replayEmbedder(file, { dimensions: 4 });
    // In another order than recorded: each call finds its own entry.
    expect(await replay.embed(['fish swim'])).toEqual(second);
    expect(await replay.embed(['cats purr', 'dogs bark'])).toEqual(first);
    expect([replay.name, replay.dimensions, inner.calls.length]).toEqual(['replay', 4, 2]);
  });

  it('keeps a text over 1 KiB as its sha-256 and length, and replays it by them', async () => {
    const long = `${'é'.repeat(600)} the end`; // 1208 UTF-8 bytes, 608 characters
    const recorder = recordEmbedder(letterEmbedder(), file);
    const vectors = await recorder.embed(['short', long]);
    const sha256 = createHash('sha256').update(long, 'utf8').digest('hex');
    expect(await lines(file)).toEqual([{ v: 1, embedder: 'letters-4', texts: ['short', { sha256, length: 608 }], vectors }]);
    expect(await readFile(file, 'utf8')).not.toContain('the end');
    expect(await replayEmbedder(file).embed(['short', long])).toEqual(vectors);
  });

  it('a different text is CASSETTE_MISMATCH showing the difference from the closest recorded call', async () => {
    const recorder = recordEmbedder(letterEmbedder(), file);
    await recorder.embed(['cats purr', 'dogs bark']);
    await recorder.embed(['fish swim']);
    const error = await failure(replayEmbedder(file).embed(['cats purr', 'dogs growl']));
    expect([error.code, error.retryable, error.message]).toEqual([
      'CASSETTE_MISMATCH',
      false,
      [
        `replay embedder "replay" has no recorded vectors for these 2 texts (cassette ${file}, 2 unused entries)`,
        'closest recorded call: line 1 (embedder "letters-4", 2 texts)',
        'first differing text: 1 (- recorded, + actual)',
        '  - "dogs bark"',
        '  + "dogs growl"',
      ].join('\n'),
    ]);
    expect(error.details).toEqual({ file, index: 0, closest: ['cats purr', 'dogs bark'] });
  });

  it('more texts than recorded, and a call repeated more often than recorded, are mismatches too', async () => {
    await recordEmbedder(letterEmbedder(), file).embed(['cats purr']);
    const replay = replayEmbedder(file);
    const longer = await failure(replay.embed(['cats purr', 'dogs bark']));
    expect(longer.message.split('\n').slice(1)).toEqual([
      'closest recorded call: line 1 (embedder "letters-4", 1 text)',
      'recorded 1 text, asked 2 texts; the first 1 are equal',
    ]);
    await replay.embed(['cats purr']);
    const again = await failure(replay.embed(['cats purr']));
    expect([again.code, again.message.split('\n')]).toEqual([
      'CASSETTE_MISMATCH',
      [
        `replay embedder "replay" has no recorded vectors for this text (cassette ${file}, 0 unused entries)`,
        'closest recorded call: line 1 (embedder "letters-4", 1 text), which is identical but already used',
      ],
    ]);
  });

  it('a cassette with a bad line is CASSETTE_INVALID naming the line, and a missing one says to record it', async () => {
    await recordEmbedder(letterEmbedder(), file).embed(['cats purr']);
    const good = await readFile(file, 'utf8');
    const cases: [string, string][] = [
      ['{"v":1,"embedder":"letters-4","texts":["a"],', 'not JSON'],
      ['{"v":2,"embedder":"letters-4","texts":["a"],"vectors":[[1]]}', '"v" is 2, expected 1'],
      [
        '{"v":1,"embedder":"letters-4","texts":[{"sha256":"abc","length":3}],"vectors":[[1]]}',
        '"texts[0]" must be a string or { sha256, length }',
      ],
      ['{"v":1,"embedder":"letters-4","texts":["a","b"],"vectors":[[1]]}', '"vectors": expected 2 vectors (one per text), got 1'],
      ['{"v":1,"embedder":"letters-4","texts":["a"],"vectors":[["1"]]}', '"vectors": vector 0 holds "1" at 0, not a finite number'],
    ];
    for (const [line, problem] of cases) {
      await writeFile(file, `${good}\n${line}\n`);
      const error = await failure(replayEmbedder(file).embed(['cats purr']));
      expect([error.code, error.retryable, error.message, error.details]).toEqual([
        'CASSETTE_INVALID',
        false,
        expect.stringContaining(`cassette ${file} line 3: ${problem}`),
        { file, line: 3 },
      ]);
    }
    const missing = await failure(replayEmbedder(join(dir, 'none.jsonl')).embed(['cats purr']));
    expect([missing.code, missing.message]).toEqual([
      'CASSETTE_INVALID',
      `cassette ${join(dir, 'none.jsonl')} does not exist (record it first with recordEmbedder)`,
    ]);
  });

  it('records nothing for a failed call, and refuses vectors a cassette cannot hold', async () => {
    const failing: Embedder = { name: 'down', embed: () => Promise.reject(new Error('connection refused')) };
    await expect(recordEmbedder(failing, file).embed(['a'])).rejects.toThrow('connection refused');
    const broken: Embedder = { name: 'broken', embed: async () => [[1, Number.NaN]] };
    const error = await failure(recordEmbedder(broken, file).embed(['a']));
    expect([error.code, error.message]).toEqual([
      'MODEL_RESPONSE_INVALID',
      'embedder "broken" returned vectors a cassette cannot hold: vector 0 holds NaN at 1, not a finite number',
    ]);
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('an aborted replay is MODEL_ABORTED and takes no entry', async () => {
    await recordEmbedder(letterEmbedder(), file).embed(['cats purr']);
    const replay = replayEmbedder(file);
    expect((await failure(replay.embed(['cats purr'], { signal: AbortSignal.abort() }))).code).toBe('MODEL_ABORTED');
    expect(await replay.embed(['cats purr'])).toHaveLength(1);
  });
});

describe('the committed notes cassette', () => {
  it('replays, call by call, the vectors the letter embedder makes', async () => {
    const fixture = fileURLToPath(new URL('test-support/notes.embeddings.jsonl', import.meta.url));
    const replay = replayEmbedder(fixture, { name: 'letters-4', dimensions: 4 });
    const live = letterEmbedder();
    for (const texts of NOTES_CALLS) expect(await replay.embed(texts)).toEqual(await live.embed(texts));
    expect((await readFile(fixture, 'utf8')).split('\n').filter(Boolean)).toHaveLength(NOTES_CALLS.length);
  });
});
