import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concatMessageChunks, userMessage, type ChatModel, type Message, type MessageChunk, type ModelCallOptions } from '@weft/chat-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptedModel } from '../scripted-model.ts';
import { recordModel } from './record-model.ts';
import { replayModel } from './replay-model.ts';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'weft-cassette-parts-'));
  file = join(dir, 'cassette.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const call = (): ModelCallOptions => ({ tools: [], signal: new AbortController().signal });
// A PDF large enough that storing it per entry would show: 64 KiB.
const pdf = new Uint8Array(64 * 1024).map((_, i) => (i * 31 + 7) % 251);
pdf.set(new TextEncoder().encode('%PDF-1.7'));
const pdfHash = createHash('sha256').update(pdf).digest('hex');
const ask = (question: string): Message =>
  userMessage([
    { type: 'text', text: question },
    { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: pdf },
  ]);

async function collect(chunks: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const out: MessageChunk[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe('cassettes with content parts', () => {
  it('stores a PDF sent on two calls once, by its sha-256, and replays both calls with the bytes matched', async () => {
    const inner = scriptedModel([{ text: 'Revenue grew.', reasoning: 'Page 2 has the table.' }, { text: 'By 12%.' }]);
    const recorder = recordModel(inner, file);
    const first = await recorder.generate([ask('Summarise.')], call());
    const second = await collect(recorder.stream([ask('Summarise.'), first, ask('By how much?')], call()));

    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => ('blob' in l ? 'blob' : 'entry'))).toEqual(['blob', 'entry', 'entry']);
    expect(lines[0]).toEqual({ v: 1, blob: pdfHash, base64: Buffer.from(pdf).toString('base64') });
    const text = await readFile(file, 'utf8');
    // The bytes once: the entries hold references only.
    expect(text.split(Buffer.from(pdf).toString('base64')).length - 1).toBe(1);
    const entry = lines[1] as { request: { messages: { content: unknown }[] } };
    expect(entry.request.messages[0]!.content).toEqual([
      { type: 'text', text: 'Summarise.' },
      { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: { $blob: pdfHash } },
    ]);

    const replay = replayModel(file);
    expect(await replay.generate([ask('Summarise.')], call())).toEqual(first);
    expect(first.content).toEqual([
      { type: 'reasoning', text: 'Page 2 has the table.' },
      { type: 'text', text: 'Revenue grew.' },
    ]);
    const replayed = await collect(replay.stream([ask('Summarise.'), first, ask('By how much?')], call()));
    expect(replayed).toEqual(second);
    expect(concatMessageChunks(replayed)).toEqual({ role: 'assistant', content: 'By 12%.' });
  });

  it('a recording model says what its inner model accepts', () => {
    const scripted = scriptedModel([{ text: 'ok' }]);
    const vision: ChatModel = {
      name: 'vision',
      accepts: ['image'],
      generate: (messages, options) => scripted.generate(messages, options),
      stream: (messages, options) => scripted.stream(messages, options),
    };
    expect(recordModel(vision, file).accepts).toEqual(['image']);
    expect(recordModel(scripted, file).accepts).toBeUndefined();
  });

  it('a request whose PDF differs by one byte does not match, and the diff shows the bytes by size and hash', async () => {
    await recordModel(scriptedModel([{ text: 'ok' }]), file).generate([ask('Summarise.')], call());
    const changed = pdf.slice();
    changed[100] = (changed[100]! + 1) % 256;
    const other = userMessage([
      { type: 'text', text: 'Summarise.' },
      { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: changed },
    ]);
    const err = await replayModel(file)
      .generate([other], call())
      .then(
        () => expect.fail('expected CASSETTE_MISMATCH'),
        (e: unknown) => e as Error & { code: string },
      );
    expect(err.code).toBe('CASSETTE_MISMATCH');
    expect(err.message).toContain(`<65536 bytes, sha-256 ${pdfHash.slice(0, 12)}>`);
  });

  it('a blob whose bytes were changed, or a reference without its blob, is CASSETTE_INVALID naming the line', async () => {
    await recordModel(scriptedModel([{ text: 'ok' }]), file).generate([ask('Summarise.')], call());
    const [blob, entry] = (await readFile(file, 'utf8')).trim().split('\n');
    const tampered = JSON.stringify({ ...JSON.parse(blob!), base64: Buffer.from('not the pdf').toString('base64') });
    await writeFile(file, `${tampered}\n${entry}\n`);
    await expect(replayModel(file).generate([ask('Summarise.')], call())).rejects.toMatchObject({
      code: 'CASSETTE_INVALID',
      message: `cassette ${file} line 1: the bytes of blob ${pdfHash} do not have that sha-256 (the file was changed)`,
    });
    await writeFile(file, `${entry}\n`);
    await expect(replayModel(file).generate([ask('Summarise.')], call())).rejects.toMatchObject({
      code: 'CASSETTE_INVALID',
      message: `cassette ${file} line 1: refers to bytes ${pdfHash} that no blob line holds`,
    });
  });
});
