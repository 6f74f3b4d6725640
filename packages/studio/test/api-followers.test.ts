import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStudio, type Studio } from '../src/index.ts';
import { FollowerQueue } from '../src/http/follower-queue.ts';
import { chatterGraph } from './support/load-graphs.ts';
import { gate } from './support/review-graph.ts';
import { sseReader, type ReadEvent } from './support/sse-client.ts';

let studio: Studio | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await studio?.close();
  studio = undefined;
});

const ids = (events: ReadEvent[]) => events.map((e) => e.id);
const get = (path: string, headers: Record<string, string> = {}) => studio!.fetch(new Request(`http://127.0.0.1${path}`, { headers }));
const post = (path: string, body: unknown) =>
  studio!.fetch(
    new Request(`http://127.0.0.1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );

describe('a follower that stops reading', () => {
  it('is dropped once the events held for it pass the bound; reconnecting with Last-Event-ID, it gets the rest, each event once', async () => {
    const bound = 64 * 1024;
    const held = vi.spyOn(FollowerQueue.prototype, 'push');
    const g = gate();
    g.close();
    // 400 events of about 1 KB, 10 at a time: about 6 times the bound in all, a sixth of it at once.
    studio = createStudio({ target: chatterGraph(400, 1000, 10, g), store: new MemoryStore(), maxFollowerBufferBytes: bound });
    expect((await post('/api/threads/t1/runs', { input: { value: 'go' } })).status).toBe(202);
    const stalled = sseReader(await get('/api/threads/t1/events'));
    const head = await stalled.until((e) => e.data?.type === 'node.start');
    // From here the stalled follower reads nothing; another one reads everything.
    const watcher = sseReader(await get('/api/threads/t1/events'));
    g.open();
    const all = await watcher.until((e) => e.event === 'end');
    await watcher.close();
    expect(all.filter((e) => e.data?.type === 'node.custom')).toHaveLength(400);

    // Reading again, the stalled follower finds its stream ended well before the run's end: it was dropped.
    const got = [...head, ...(await stalled.rest())];
    expect(got.length).toBeLessThan(all.length / 2);
    expect(ids(got)).toEqual(ids(all.slice(0, got.length)));
    const again = sseReader(await get('/api/threads/t1/events', { 'last-event-id': got.at(-1)!.id! }));
    const rest = await again.until((e) => e.event === 'end');
    await again.close();
    expect([...ids(got), ...ids(rest)]).toEqual(ids(all));
    expect(rest.at(-1)!.data).toMatchObject({ status: 'done', output: 400 });

    // What the server held for each follower, counted as it held it: never past the bound plus one event.
    const queues = new Set(held.mock.contexts as FollowerQueue[]);
    expect(queues.size).toBeGreaterThanOrEqual(2);
    const largest = Math.max(...[...queues].map((q) => q.largestFrame));
    for (const q of queues) expect(q.peakBytes).toBeLessThanOrEqual(bound + largest);
    expect([...queues].filter((q) => q.overflowed)).toHaveLength(1);
  });
});
