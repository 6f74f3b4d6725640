import { describe, expect, it } from 'vitest';
import { readSse } from './read-sse.ts';

const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];

/** A body that delivers each piece as its own network chunk, then ends (or errors with `fail`). */
function body(pieces: readonly (string | readonly number[])[], fail?: Error): ReadableStream<Uint8Array> {
  const chunks = pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : new Uint8Array(p)));
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else if (fail) controller.error(fail);
      else controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of readSse(stream)) out.push(data);
  return out;
}

describe('readSse line endings', () => {
  it('LF', async () => {
    expect(await collect(body(['data: a\n\ndata: b\n\n']))).toEqual(['a', 'b']);
  });

  it('CR only', async () => {
    expect(await collect(body(['data: a\r\rdata: b\rdata: c\r\r']))).toEqual(['a', 'b\nc']);
  });

  it('CRLF', async () => {
    expect(await collect(body(['data: a\r\n\r\ndata: b\r\ndata: c\r\n\r\n']))).toEqual(['a', 'b\nc']);
  });

  it('the three mixed in one stream', async () => {
    expect(await collect(body(['data: a\r\rdata: b\n\ndata: c\r\n\r\n']))).toEqual(['a', 'b', 'c']);
  });
});

describe('readSse byte-order mark', () => {
  it('drops a BOM before the first line', async () => {
    expect(await collect(body([[...BOM, ...encoder.encode('data: a\n\n')]]))).toEqual(['a']);
  });

  it('drops a BOM split across the first chunks, and the first line is still a data line', async () => {
    expect(await collect(body([[0xef], [0xbb], [0xbf], 'data: a\n\n']))).toEqual(['a']);
  });

  it('keeps U+FEFF that is not at the start of the stream', async () => {
    expect(await collect(body(['data: a\n\n', [...BOM, ...encoder.encode('x\n\n')], 'data: \uFEFFb\n\n']))).toEqual(['a', '\uFEFFb']);
  });
});

describe('readSse fields', () => {
  it('a `data` line without a colon is the data field with an empty value', async () => {
    expect(await collect(body(['data\n\ndata: x\ndata\n\ndata\ndata: y\n\n']))).toEqual(['', 'x\n', '\ny']);
  });

  it('joins multi-line data with "\\n", dropping one space after the colon only', async () => {
    expect(await collect(body(['data: a\ndata:b\ndata:  c\ndata: \n\n']))).toEqual(['a\nb\n c\n']);
  });

  it('skips comment lines and the event, id and retry fields; an event with no data yields nothing', async () => {
    const text = ': ping\n\nevent: delta\nid: 7\nretry: 100\ndata: a\n: keep-alive\ndata: b\n\n:\n\nevent: ping\n\n';
    expect(await collect(body([text]))).toEqual(['a\nb']);
  });

  it('yields [DONE] like any other data; the caller decides what it means', async () => {
    expect(await collect(body(['data: {"n":1}\n\ndata: [DONE]\n\n']))).toEqual(['{"n":1}', '[DONE]']);
  });
});

describe('readSse chunk boundaries', () => {
  it('an event split in the middle of a line, and in the middle of the field name', async () => {
    expect(await collect(body(['da', 'ta: hel', 'lo\n', '\nd', 'ata: x\n\n']))).toEqual(['hello', 'x']);
  });

  it('an event split in the middle of a CRLF is not read as an extra blank line', async () => {
    expect(await collect(body(['data: a\r', '\ndata: b\r', '\n\r', '\ndata: c\r\n\r', '\n']))).toEqual(['a\nb', 'c']);
  });

  it('a CR-only line ending at the end of a chunk, with the next line in the next chunk', async () => {
    expect(await collect(body(['data: a\r', 'data: b\r', '\rdata: c\r\r']))).toEqual(['a\nb', 'c']);
  });

  it('a multi-byte character split across chunks', async () => {
    const bytes = encoder.encode('data: héllo\n\n');
    expect(await collect(body([[...bytes.slice(0, 8)], [...bytes.slice(8)]]))).toEqual(['héllo']);
  });

  it('several events in one chunk', async () => {
    expect(await collect(body(['data: a\n\ndata: b\n\ndata: c\n\n']))).toEqual(['a', 'b', 'c']);
  });

  it('a last event not followed by a blank line is still yielded when the body ends', async () => {
    expect(await collect(body(['data: a\n\ndata: b']))).toEqual(['a', 'b']);
    expect(await collect(body(['data: a\n\ndata: b\n']))).toEqual(['a', 'b']);
    expect(await collect(body(['data: a\r\n\r\ndata: b\r']))).toEqual(['a', 'b']);
  });
});

describe('readSse and the connection', () => {
  it('calls onBytes once per network chunk', async () => {
    let calls = 0;
    for await (const _ of readSse(body(['da', 'ta: a\n', '\n']), () => calls++));
    expect(calls).toBe(3);
  });

  it('cancels the body when the caller stops early (as on [DONE]), even if the server keeps it open', async () => {
    const cancelled: unknown[] = [];
    const open = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: a\n\ndata: [DONE]\n\n'));
      },
      cancel(reason) {
        cancelled.push(reason);
      },
    });
    const seen: string[] = [];
    for await (const data of readSse(open)) {
      seen.push(data);
      if (data === '[DONE]') break;
    }
    expect(seen).toEqual(['a', '[DONE]']);
    expect(cancelled).toEqual([undefined]);
  });

  it('a body that errors (a cut connection, an abort) rejects with that error after the events so far', async () => {
    const cut = new Error('socket hang up');
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const data of readSse(body(['data: a\n\ndata: b', '\n'], cut))) seen.push(data);
      })(),
    ).rejects.toBe(cut);
    expect(seen).toEqual(['a']);
  });
});
