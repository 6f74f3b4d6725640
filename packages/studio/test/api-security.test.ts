import { request } from 'node:http';
import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStudio } from '../src/index.ts';
import { gate, reviewGraph, reviewStudio } from './support/review-graph.ts';

let studio: Awaited<ReturnType<typeof reviewStudio>> | undefined;
afterEach(async () => {
  await studio?.served.close();
  studio = undefined;
});

const TOKEN = 'a-long-enough-token';

/** A raw request with headers fetch will not let a caller set (Host). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('who may call the studio', () => {
  it('with a token: every API request needs it (401 with WWW-Authenticate otherwise), and nothing runs without it', async () => {
    studio = await reviewStudio({ token: TOKEN });
    const none = await studio.call('/api/threads/new/runs', { input: { value: 'x' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/Authorization: Bearer/) });
    const wrong = await studio.call('/api/threads', undefined, { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(401);
    expect((await studio.call('/api/threads/t1/events', undefined, { authorization: 'Basic abc' })).status).toBe(401);
    expect(studio.effects.written).toEqual([]);
    const right = await studio.call('/api/threads/t1/runs', { input: { value: 'x' }, wait: true }, { authorization: `Bearer ${TOKEN}` });
    expect(right.body).toMatchObject({ status: 'interrupted' });
    expect(studio.effects.written).toEqual(['x']);
    // The page itself is public, and holds nothing of the graph or its threads: it reads them through the API.
    const page = await studio.call('/');
    expect(page.status).toBe(200);
    const graph = await studio.call('/api/graph', undefined, { authorization: `Bearer ${TOKEN}` });
    for (const secret of [graph.body.hash, 'data-id="approve"', 'data-id="publish"', 'On x']) expect(page.body).not.toContain(secret);
  });

  it('listening beyond loopback without a token is refused before anything listens', async () => {
    const effects = { written: [], published: [] };
    await expect(
      serveStudio({ target: reviewGraph(effects, gate()), store: new MemoryStore(), host: '0.0.0.0', port: 0 }),
    ).rejects.toMatchObject({
      code: 'TOKEN_REQUIRED',
      message: expect.stringMatching(/--token/),
    });
  });

  it('refuses another host name (DNS rebinding) and a browser request from another origin, before reading anything', async () => {
    studio = await reviewStudio();
    const rebound = await raw(studio.url('/api/threads'), { host: 'evil.example:80' });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.code).toBe('FORBIDDEN');
    expect((await raw(studio.url('/api/threads'), { host: `localhost:${new URL(studio.served.url).port}` })).status).toBe(200);
    const crossSite = await studio.call('/api/threads/t1/runs', { input: { value: 'x' } }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('access-control-allow-origin')).toBeNull();
    const sameSite = await studio.call(
      '/api/threads/t1/runs',
      { input: { value: 'y' }, wait: true },
      { origin: new URL(studio.served.url).origin },
    );
    expect(sameSite.status).toBe(200);
    expect(studio.effects.written).toEqual(['y']);
  });

  it('bad bodies are 400 naming what is wrong, an oversized one 413, an unknown endpoint 404; none of them runs anything', async () => {
    studio = await reviewStudio({ maxBodyBytes: 2048, maxRunBodyBytes: 2048 });
    const post = (body: string, type = 'application/json') =>
      fetch(studio!.url('/api/threads/t1/runs'), { method: 'POST', headers: { 'content-type': type }, body }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error: { code: string; message: string } },
      }));
    expect(await post('{"input":{"value":1}}', 'text/plain')).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: expect.stringMatching(/application\/json/) } },
    });
    expect(await post('{"input":')).toMatchObject({ status: 400, body: { error: { message: 'the body is not valid JSON' } } });
    expect(await post('{"input":{"value":1},"extra":true}')).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/extra/) } },
    });
    expect(await post('{"input":{"query":""}}')).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/input/) } },
    });
    expect(await post('{"input":{"value":1},"stream":true,"wait":true}')).toMatchObject({ status: 400 });
    expect(await post(JSON.stringify({ input: { value: 'x'.repeat(4096) } }))).toMatchObject({
      status: 413,
      body: { error: { code: 'BODY_TOO_LARGE' } },
    });
    const nowhere = await studio.call('/api/nothing');
    expect(nowhere).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    expect(studio.effects.written).toEqual([]);
    expect((await studio.call('/api/threads')).body.threads).toEqual([]);
  });

  it('serves the page with a Content-Security-Policy that allows no other origin', async () => {
    studio = await reviewStudio();
    const page = await studio.call('/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|\*|https?:/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
