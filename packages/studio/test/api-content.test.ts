/**
 * Content parts through the API: a run's query with images and files as
 * base64 parts (decoded to bytes, validated, within maxRunBodyBytes), the
 * events and transcript saying their bytes by sha-256, and GET
 * /api/threads/:id/content/:sha256 serving them: raster images inline,
 * anything else as an octet-stream attachment, never sniffed, only to the
 * thread that was sent them, bounded by maxContentBytes.
 */
import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudio, serveStudio, type ServedStudio, type ServeStudioOptions } from '../src/index.ts';
import { readRunEvents } from './support/browser-studio.ts';
import { HOSTILE_SVG, lookerAgent, randomPng, sha256Of, smallPdf } from './support/media-agents.ts';
import { reviewStudio } from './support/review-graph.ts';

let served: ServedStudio | undefined;
let store: MemoryStore;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function looker(options: Partial<ServeStudioOptions> = {}) {
  store = new MemoryStore();
  served = await serveStudio({ target: lookerAgent(), store, port: 0, ...options });
  return served;
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(new URL(path, served!.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
const content = (threadId: string, sha: string) => fetch(new URL(`/api/threads/${threadId}/content/${sha}`, served!.url));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const png = randomPng(128, 96);
const pdf = smallPdf('the March invoice');

describe('a run with attached parts', () => {
  it('decodes the base64 parts into the user message as bytes; the events and transcript say them by hash; the route serves them', async () => {
    await looker();
    const parts = [
      { type: 'image', mediaType: 'image/png', data: b64(png) },
      { type: 'file', mediaType: 'application/pdf', name: 'invoice.pdf', data: b64(pdf) },
      { type: 'image', mediaType: 'image/svg+xml', data: b64(HOSTILE_SVG) },
    ];
    const end = await post('/api/threads/t1/runs', { input: { query: 'What are these?', parts }, wait: true });
    expect(end).toMatchObject({ status: 200, body: { status: 'done' } });
    expect(end.body['output'].finalMessage.content).toBe(
      `saw: text, image image/png ${png.byteLength.toLocaleString('en-US')} bytes, file application/pdf ${pdf.byteLength} bytes, image image/svg+xml ${HOSTILE_SVG.byteLength} bytes`,
    );
    // Stored as bytes, not base64 text: the state shows the image's data as a byte array's size.
    const state = (await fetch(new URL('/api/threads/t1/state', served!.url)).then((r) => r.json())) as any;
    expect(JSON.stringify(state.state)).toContain(`"data":{"bytes":${png.byteLength}}`);

    // The run's start event carries the parts with their hashes, not their bytes.
    const events = await readRunEvents(served!.url, 't1');
    const start = events.find((e) => e.data['type'] === 'run.start')!;
    const sent = (start.data['input'] as any).messages[0].content;
    expect(sent).toEqual([
      { type: 'text', text: 'What are these?' },
      { type: 'image', mediaType: 'image/png', data: { bytes: png.byteLength, sha256: sha256Of(png) } },
      { type: 'file', mediaType: 'application/pdf', name: 'invoice.pdf', data: { bytes: pdf.byteLength, sha256: sha256Of(pdf) } },
      { type: 'image', mediaType: 'image/svg+xml', data: { bytes: HOSTILE_SVG.byteLength, sha256: sha256Of(HOSTILE_SVG) } },
    ]);
    expect(JSON.stringify(events)).not.toContain(b64(png).slice(0, 64));

    const image = await content('t1', sha256Of(png));
    expect([image.status, image.headers.get('content-type'), image.headers.get('x-content-type-options')]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    expect(image.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    expect(sha256Of(new Uint8Array(await image.arrayBuffer()))).toBe(sha256Of(png));
    const file = await content('t1', sha256Of(pdf));
    expect([file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([
      'application/octet-stream',
      'attachment; filename="invoice.pdf"',
    ]);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // An SVG (it can run script) is never served as an image.
    const svg = await content('t1', sha256Of(HOSTILE_SVG));
    expect([svg.status, svg.headers.get('content-type'), svg.headers.get('content-disposition')?.split(';')[0]]).toEqual([
      200,
      'application/octet-stream',
      'attachment',
    ]);
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('an unknown hash, another thread’s id or a malformed hash is refused typed; nothing is served across threads', async () => {
    await looker();
    await post('/api/threads/t1/runs', {
      input: { query: 'look', parts: [{ type: 'image', mediaType: 'image/png', data: b64(png) }] },
      wait: true,
    });
    await post('/api/threads/t2/runs', { input: { query: 'nothing attached' }, wait: true });
    const unknown = await content('t1', 'a'.repeat(64));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { code: 'CONTENT_NOT_FOUND', message: expect.stringMatching(/no content with sha-256 a{64}.*reopen the thread/) },
    });
    const elsewhere = await content('t2', sha256Of(png));
    expect([elsewhere.status, ((await elsewhere.json()) as any).error.code]).toEqual([404, 'CONTENT_NOT_FOUND']);
    const malformed = await content('t1', 'nope');
    expect([malformed.status, ((await malformed.json()) as any).error.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('past maxContentBytes the oldest bytes go (404 CONTENT_NOT_FOUND); reading the thread’s transcript keeps them again', async () => {
    const second = randomPng(128, 96);
    await looker({ maxContentBytes: png.byteLength + second.byteLength - 1 });
    const ask = (threadId: string, bytes: Buffer) =>
      post(`/api/threads/${threadId}/runs`, {
        input: { query: 'look', parts: [{ type: 'image', mediaType: 'image/png', data: b64(bytes) }] },
        wait: true,
      });
    await ask('t1', png);
    expect((await content('t1', sha256Of(png))).status).toBe(200);
    await ask('t2', second);
    expect((await content('t1', sha256Of(png))).status).toBe(404);
    expect((await content('t2', sha256Of(second))).status).toBe(200);
    const transcript = await fetch(new URL('/api/threads/t1/transcript', served!.url)).then((r) => r.json() as Promise<any>);
    expect(transcript.items[0].message.content[1]).toEqual({
      type: 'image',
      mediaType: 'image/png',
      data: { bytes: png.byteLength, sha256: sha256Of(png) },
    });
    const again = await content('t1', sha256Of(png));
    expect(again.status).toBe(200);
    expect(sha256Of(new Uint8Array(await again.arrayBuffer()))).toBe(sha256Of(png));
  });
});

describe('bad parts are refused before anything runs', () => {
  it('bad base64, an unknown type, a missing mediaType, an image that is not image/…: 400 with a code and what to do; nothing stored', async () => {
    await looker();
    const send = (part: Record<string, unknown>) => post('/api/threads/t1/runs', { input: { query: 'look', parts: [part] }, wait: true });
    expect(await send({ type: 'image', mediaType: 'image/png', data: 'not base64!' })).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'CONTENT_INVALID',
          message:
            'body: input.parts[0]: its data is not base64: send the bytes as standard base64 with padding (btoa, Buffer.toString("base64"))',
        },
      },
    });
    expect(await send({ type: 'video', mediaType: 'video/mp4', data: 'AAAA' })).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: "body: input.parts.0.type: a part's type is text, image, file or audio" } },
    });
    expect(await send({ type: 'image', data: 'AAAA' })).toMatchObject({
      status: 400,
      body: {
        error: { code: 'BAD_REQUEST', message: 'body: input.parts.0.mediaType: an image part needs its mediaType (e.g. image/png)' },
      },
    });
    expect(await send({ type: 'image', mediaType: 'text/html', data: 'AAAA' })).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'CONTENT_INVALID',
          message: expect.stringMatching(/image part's mediaType is image\/… \(it says "text\/html"\): send it as a file part/),
        },
      },
    });
    expect(await store.threads()).toEqual([]);
  });

  it('a run body over maxRunBodyBytes is 413 naming the option; other endpoints keep maxBodyBytes; a body under it runs', async () => {
    // Through the fetch handler: a server answers 413 before reading the rest, and may close the socket under a client still writing.
    const studio = createStudio({
      target: lookerAgent(),
      store: (store = new MemoryStore()),
      maxRunBodyBytes: 200_000,
      maxBodyBytes: 4096,
    });
    const call = async (path: string, body: unknown) => {
      const text = JSON.stringify(body);
      const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) };
      const res = await studio.fetch(new Request(`http://127.0.0.1${path}`, { method: 'POST', headers, body: text }));
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const image = (bytes: Buffer) => ({ query: 'look', parts: [{ type: 'image', mediaType: 'image/png', data: b64(bytes) }] });
    expect(await call('/api/threads/t1/runs', { input: image(randomPng(300, 300)) })).toMatchObject({
      status: 413,
      body: {
        error: { code: 'BODY_TOO_LARGE', message: expect.stringMatching(/over 200,000 bytes \(maxRunBodyBytes\).*larger maxRunBodyBytes/) },
      },
    });
    expect(await store.threads()).toEqual([]);
    expect(await call('/api/threads/t1/runs', { input: image(png), wait: true })).toMatchObject({ status: 200, body: { status: 'done' } });
    expect(await call('/api/threads/t1/resume', { resume: { x: 'y'.repeat(5000) } })).toMatchObject({
      status: 413,
      body: { error: { code: 'BODY_TOO_LARGE', message: expect.stringMatching(/over 4,096 bytes \(maxBodyBytes\)/) } },
    });
    await studio.close();
  });

  it('a graph takes no parts: 400 saying to send them with an agent', async () => {
    const review = await reviewStudio();
    const res = await fetch(review.url('/api/threads/t1/runs'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { query: 'x', parts: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] } }),
    });
    expect([res.status, ((await res.json()) as any).error]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'body: input.parts: a graph takes its input as a value; send parts with an agent’s query' },
    ]);
    await review.served.close();
  });
});
