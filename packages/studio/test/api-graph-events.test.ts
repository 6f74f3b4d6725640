import { END, graph, START } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { graphErrorData, graphEventData } from '../src/api/responses.ts';
import { gate, reviewGraph, reviewStudio, type Effects } from './support/review-graph.ts';
import { sseReader } from './support/sse-client.ts';

let studio: Awaited<ReturnType<typeof reviewStudio>>;
afterEach(() => studio?.served.close());

/** The review graph with a `notify` node after publish: another structure (another hash) under the same name. */
function reviewWithNotify(effects: Effects) {
  return graph({ name: 'review', input: z.string(), output: z.string() })
    .addNode('write', (topic: string) => (effects.written.push(topic), `On ${topic}`))
    .addNode('approve', (text: string) => text)
    .addNode('publish', (text: string) => (effects.published.push(text), text))
    .addNode('notify', (text: string) => text)
    .addEdge(START, 'write')
    .addEdge('write', 'approve')
    .addEdge('approve', 'publish')
    .addEdge('publish', 'notify')
    .addEdge('notify', END)
    .compile();
}

async function graphEvents() {
  const res = await fetch(studio.url('/api/graph/events'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return sseReader(res);
}

describe('replacing the served target', () => {
  it('GET /api/graph answers the new graph; the stream sends one event per replacement; a run under way ends on the old target', async () => {
    studio = await reviewStudio();
    const first = (await studio.call('/api/graph')).body.hash as string;
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    await studio.call('/api/threads/t2/runs', { input: { value: 'trees' }, wait: true });
    // t2's resume holds inside publish, on the old target, while the target is replaced.
    studio.gate.close();
    await studio.call('/api/threads/t2/resume', { resume: { 'approve#0': true } });
    const t2 = sseReader(await fetch(studio.url('/api/threads/t2/events')));
    await t2.until((e) => e.data?.type === 'node.start' && e.data.node === 'publish');
    const stream = await graphEvents();
    const [opening] = await stream.take(1);
    expect(opening).toEqual({
      id: '0',
      event: 'graph',
      data: { name: 'review', hash: first, kind: 'graph', source: null, previousHash: null, changes: null, stale: [] },
    });

    const added: Effects = { written: [], published: [] };
    const replaced = await studio.served.replaceTarget(reviewWithNotify(added), { source: 'review.ts' });
    const [event] = await stream.take(1);
    expect(event).toEqual({ id: '1', event: 'graph', data: replaced });
    const second = (await studio.call('/api/graph')).body.hash as string;
    expect(second).not.toBe(first);
    expect(replaced).toEqual({
      name: 'review',
      hash: second,
      kind: 'graph',
      source: 'review.ts',
      previousHash: first,
      // notify's own edges come with it; publish no longer ends the run.
      changes: { added: ['notify'], removed: [], changed: [], edgesAdded: [], edgesRemoved: ['publish -> __end__'] },
      // A node added after their frontiers: the new build continues t1 and t2 as they are (checkThread: compatible).
      stale: [],
    });

    // The run under way ends on the graph it started on: the old publish ran, the new graph's did not.
    studio.gate.open();
    expect((await t2.until((e) => e.event === 'end')).at(-1)!.data.status).toBe('done');
    await t2.close();
    expect(studio.effects.published).toEqual(['On trees']);
    expect(added.published).toEqual([]);
    // A new run is the new graph's.
    const done = await studio.call('/api/threads/t3/runs', { input: { value: 'maps' }, wait: true });
    expect(done.body).toMatchObject({ status: 'done', output: 'On maps' });
    expect(added).toEqual({ written: ['maps'], published: ['On maps'] });
    // The old build's interrupted thread continues on the new one: nothing it waits at changed.
    const resumed = await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true }, wait: true });
    expect(resumed.body).toMatchObject({ status: 'done', output: 'On graphs' });
    expect(added.published).toEqual(['On maps', 'On graphs']);

    // Back to the first build: one more event, and a failed build in between is its own event; nothing else comes.
    studio.served.reportTargetError({ code: 'MODULE_LOAD_FAILED', message: 'cannot load review.ts: a syntax error' });
    const back = await studio.served.replaceTarget(reviewGraph({ written: [], published: [] }, gate()));
    const later = await stream.take(2);
    await stream.close();
    // Each event is the one GET /api/openapi.json documents (GraphEvent, GraphError), with nothing more.
    for (const e of [opening!, event!, ...later])
      expect((e.event === 'graph' ? graphEventData : graphErrorData).parse(e.data), e.event).toEqual(e.data);
    expect(later).toEqual([
      { id: '2', event: 'graph.error', data: { code: 'MODULE_LOAD_FAILED', message: 'cannot load review.ts: a syntax error' } },
      { id: '3', event: 'graph', data: back },
    ]);
    expect(back).toMatchObject({ hash: first, previousHash: second, changes: { added: [], removed: ['notify'] } });
    // t2 is the first build's; t1, finished by the second, keeps the first's state: both resumable. t3 began on the second
    // build, and the first cannot continue it as it is (checkThread: blocked).
    expect(back.stale).toEqual([{ threadId: 't3', status: 'done', hash: second, changes: back.changes }]);
  });

  it('a new stream opens with the served graph and the failure of the latest build; a value that is no target is refused', async () => {
    studio = await reviewStudio();
    studio.served.reportTargetError({ message: 'cannot load review.ts: boom' });
    const stream = await graphEvents();
    const opening = await stream.take(2);
    await stream.close();
    expect(opening.map((e) => [e.event, e.data.message ?? e.data.hash])).toEqual([
      ['graph', (await studio.call('/api/graph')).body.hash],
      ['graph.error', 'cannot load review.ts: boom'],
    ]);
    expect(opening[1]!.data.code).toBe('TARGET_FAILED');
    await expect(studio.served.replaceTarget({ run: () => 1 } as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((await studio.call('/api/graph')).body.name).toBe('review');
  });
});
