import { describe, expect, it } from 'vitest';
import { pageScripts } from './test-support/page-scripts.ts';

interface SseEvent {
  id: string;
  event: string;
  data: string;
}
type Parser = (onEvent: (e: SseEvent) => void) => { push(text: string): void };
type Follow = (
  threadId: string,
  on: { event: (e: SseEvent) => void; connection: (s: string) => void; failed: (err: unknown) => void },
  signal: AbortSignal,
) => Promise<void>;

const SCRIPTS = ['studio-dom.js', 'studio-api.js', 'studio-sse.js'];
const { sseParser } = pageScripts<{ sseParser: Parser }>(SCRIPTS, ['sseParser']);

/** Parses the chunks in order; the events, as [id, event, data]. */
function parse(...chunks: string[]): [string, string, string][] {
  const out: [string, string, string][] = [];
  const parser = sseParser((e) => out.push([e.id, e.event, e.data]));
  for (const chunk of chunks) parser.push(chunk);
  return out;
}

describe("the page's SSE parser", () => {
  it('reads events ended by LF, CRLF or CR, data lines joined with a newline, comments and unknown fields skipped', () => {
    const expected = [
      ['r.0', 'run', '{"a":1}'],
      ['r.1', 'graph', 'line one\nline two'],
    ];
    for (const nl of ['\n', '\r\n', '\r'])
      expect(
        parse(
          [
            ': ping',
            'id: r.0',
            'event: run',
            'data: {"a":1}',
            '',
            'retry: 5',
            'id:r.1',
            'event:graph',
            'data:line one',
            'data: line two',
            '',
            '',
          ].join(nl),
        ),
      ).toEqual(expected);
  });

  it('reads events however the text is cut into chunks, a CRLF split between two chunks included', () => {
    const text = 'id: a.0\r\nevent: run\r\ndata: {"x":"é"}\r\n\r\nid: a.1\r\nevent: end\r\ndata: {}\r\n\r\n';
    const whole = parse(text);
    expect(whole).toEqual([
      ['a.0', 'run', '{"x":"é"}'],
      ['a.1', 'end', '{}'],
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(parse(text.slice(0, cut), text.slice(cut))).toEqual(whole);
    expect(parse(...text.split(''))).toEqual(whole);
  });

  it('dispatches nothing for a block without data, keeps the last id for events without one, and ignores an id holding NUL', () => {
    expect(parse('id: x.0\nevent: run\n\ndata: 1\n\nid: bad\0id\ndata: 2\n\n')).toEqual([
      ['x.0', 'message', '1'],
      ['x.0', 'message', '2'],
    ]);
    expect(parse('data\n\ndata:\n\n')).toEqual([
      ['', 'message', ''],
      ['', 'message', ''],
    ]);
  });
});

describe("the page's event follower", () => {
  it('reconnects after a drop with Last-Event-ID, backing off while connections fail, and stops when aborted', async () => {
    const calls: { url: string; lastEventId: string | null; auth: string | null }[] = [];
    // A stream that drops after two events, two failed connections, a stream with one more event, then one that stays open.
    const answers: (string | Error | undefined)[] = [
      'id: r.0\nevent: run\ndata: {}\n\nid: r.1\nevent: graph\ndata: {"n":1}\n\n',
      new TypeError('network error'),
      new TypeError('network error'),
      'id: r.2\nevent: end\ndata: {}\n\n',
    ];
    const fetch = async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({ url, lastEventId: headers.get('Last-Event-ID'), auth: headers.get('Authorization') });
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      if (answer === undefined)
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      return new Response(new Blob([answer]).stream(), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    };
    const storage = new Map([['weft-studio-token', 'tok']]);
    const sessionStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    // The backoff's waits are recorded, and taken at once.
    const waits: number[] = [];
    const { followEvents } = pageScripts<{ followEvents: Follow }>(SCRIPTS, ['followEvents'], {
      fetch,
      Headers,
      Response,
      TextDecoderStream,
      sessionStorage,
      setTimeout: (fn: () => void, ms: number) => (waits.push(ms), setTimeout(fn, 0)),
      clearTimeout,
    });
    const ctl = new AbortController();
    const events: string[] = [];
    const states: string[] = [];
    const done = followEvents(
      'thread <1>',
      {
        event: (e) => void events.push(`${e.id} ${e.event}`),
        connection: (s) => void states.push(s),
        failed: (err) => void states.push(`failed ${String(err)}`),
      },
      ctl.signal,
    );
    await expect.poll(() => calls.length).toBe(5);
    ctl.abort();
    await done;
    expect(events).toEqual(['r.0 run', 'r.1 graph', 'r.2 end']);
    const url = '/api/threads/thread%20%3C1%3E/events';
    expect(calls).toEqual([null, 'r.1', 'r.1', 'r.1', 'r.2'].map((lastEventId) => ({ url, lastEventId, auth: 'Bearer tok' })));
    expect(waits).toEqual([400, 800, 1_600, 400]);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'reconnecting', 'reconnecting', 'live', 'reconnecting']);
  });

  it('stops, and says why, when the server answers with an error instead of the stream', async () => {
    const fetch = async () =>
      new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'the path: bad id' } }), { status: 400 });
    const { followEvents } = pageScripts<{ followEvents: Follow }>(SCRIPTS, ['followEvents'], {
      fetch,
      Headers,
      sessionStorage: { getItem: () => null },
    });
    const seen: unknown[] = [];
    await followEvents(
      't',
      { event: () => {}, connection: (s) => void seen.push(s), failed: (err) => void seen.push(err) },
      new AbortController().signal,
    );
    expect(seen).toEqual([
      'connecting',
      'closed',
      expect.objectContaining({ status: 400, code: 'BAD_REQUEST', message: 'the path: bad id' }),
    ]);
  });
});
