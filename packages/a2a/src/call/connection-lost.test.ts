import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentCard } from '@a2a-js/sdk';
import { chatModelAgent, Runner } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { a2aAgent, serveA2A, type ServedA2a } from '../index.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => void (await Promise.all(closers.splice(0).map((c) => c()))));

/**
 * A proxy in front of `target` that cuts the first event stream it carries
 * right after its first chunk (the task), as a dropped connection does.
 * `streams` counts the event streams it saw.
 */
async function cuttingProxy(target: string): Promise<{ url: string; streams: () => number }> {
  let streams = 0;
  const server: Server = createServer((req, res) => {
    const forward = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        const cut = String(upstream.headers['content-type']).startsWith('text/event-stream') && ++streams === 1;
        if (!cut) return void upstream.pipe(res);
        upstream.once('data', (chunk: Buffer) => {
          upstream.destroy();
          // Once the task's chunk is on the wire: the client sees the task, then the connection drop.
          res.write(chunk, () => res.socket?.destroy());
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, streams: () => streams };
}

describe('a2aAgent() when the connection is lost mid-task', () => {
  it('picks the remote task up by its id: the answer arrives, and the remote ran the request once', async () => {
    let modelCalls = 0;
    const model = scriptedModel([() => (modelCalls++, { text: 'All good.' })]);
    const remote: ServedA2a = await serveA2A(chatModelAgent({ name: 'Remote', description: 'Answers', model }));
    closers.push(() => remote.close());
    const proxy = await cuttingProxy(remote.url);
    // The card as the remote publishes it, pointed at the proxy.
    const card = (await (
      await fetch(`${remote.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as AgentCard;
    const viaProxy = { ...card, supportedInterfaces: card.supportedInterfaces.map((i) => ({ ...i, url: proxy.url })) };
    const runner = new Runner({ agent: await a2aAgent({ card: viaProxy }), store: new MemoryStore() });
    const done = await runner.query('How are things?');
    expect([done.status, done.finalMessage?.content, done.error]).toEqual(['done', 'All good.', undefined]);
    expect(modelCalls).toBe(1);
    // The first stream was cut; the task was then picked up (a resubscription is a stream too, unless the task had ended).
    expect(proxy.streams()).toBeGreaterThanOrEqual(1);
  });
});
