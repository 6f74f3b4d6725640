import { END, graph, START } from '@weft/graph';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewStudio } from './support/review-graph.ts';

/** A one-node graph of the given name: written to the studio's store, its threads are another graph's. */
const otherGraph = (name: string) =>
  graph({ name, input: z.string(), state: () => ({ n: 0 }) })
    .addNode('echo', (text: string) => text)
    .addEdge(START, 'echo')
    .addEdge('echo', END)
    .compile();

let studio: Awaited<ReturnType<typeof reviewStudio>>;
afterEach(() => studio?.served.close());

describe('reading threads through the API', () => {
  it('GET /api/graph gives the drawing model, the SVG and the session value defaults', async () => {
    studio = await reviewStudio({ sessionValues: { company: 'Acme' }, title: 'Reviews' });
    const { status, body } = await studio.call('/api/graph');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'review',
      displayName: 'review',
      kind: 'graph',
      title: 'Reviews',
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(body.model.hash).toBe(body.hash);
    expect(body.model.nodes.map((n: { id: string }) => n.id)).toEqual(['__start__', 'write', 'approve', 'publish', '__end__']);
    expect(body.svg).toMatch(/^<svg[^>]* id="graph"/);
    expect(body.svg).toContain('data-id="approve"');
    expect(body.sessionValues).toEqual({ company: 'Acme' });
  });

  it('lists threads newest first, with whether a run holds them', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/a/runs', { input: { value: 'one' }, wait: true });
    await studio.call('/api/threads/b/runs', { input: { value: 'two' }, wait: true });
    studio.gate.close();
    await studio.call('/api/threads/a/resume', { resume: { 'approve#0': true } });
    const { body } = await studio.call('/api/threads');
    expect(body.threads.map((t: { threadId: string; running: boolean; status: string }) => [t.threadId, t.running, t.status])).toEqual([
      ['a', true, 'running'],
      ['b', false, 'interrupted'],
    ]);
    studio.gate.open();
    const limited = await studio.call('/api/threads?limit=1');
    expect(limited.body.threads).toHaveLength(1);
  });

  it('lists the served graph’s threads (any version of it) unless asked for all; rows carry the graph that wrote them, others marked otherGraph', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/mine/runs', { input: { value: 'graphs' }, wait: true });
    // Another module's graph, and a graph of the same name but another structure (another version of it), on the same store.
    await otherGraph('digest').withStore(studio.store).run('x', { threadId: 'theirs' });
    await otherGraph('review').withStore(studio.store).run('y', { threadId: 'renamed' });
    const served = (await studio.call('/api/graph')).body as { name: string; hash: string };
    const older = otherGraph('review').hash;
    expect(older).not.toBe(served.hash);
    const current = { status: 'current', from: { hash: served.hash }, reasons: [], migrations: [] };
    const compatible = { status: 'compatible', from: { hash: older }, reasons: [], migrations: [] };
    const own = (await studio.call('/api/threads')).body.threads;
    expect(own).toEqual([
      expect.objectContaining({ threadId: 'renamed', graph: { name: 'review', hash: older }, otherGraph: false, version: compatible }),
      expect.objectContaining({ threadId: 'mine', graph: { name: 'review', hash: served.hash }, otherGraph: false, version: current }),
    ]);
    const all = (await studio.call('/api/threads?graph=all')).body.threads as { threadId: string; graph: unknown; otherGraph: boolean }[];
    const rows = all.map((t) => [t.threadId, t.graph, t.otherGraph]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      ['mine', { name: 'review', hash: served.hash }, false],
      ['renamed', { name: 'review', hash: older }, false],
      ['theirs', { name: 'digest', hash: otherGraph('digest').hash }, true],
    ]);
    expect(all.find((t) => t.threadId === 'theirs')).toMatchObject({ version: null });
    // The limit counts the rows listed, after the filter.
    expect((await studio.call('/api/threads?limit=1')).body.threads.map((t: { threadId: string }) => t.threadId)).toEqual(['renamed']);
    const state = await studio.call('/api/threads/theirs/state');
    expect(state.status).toBe(422);
    expect(state.body.error.code).toBe('CHECKPOINT_GRAPH_MISMATCH');
    const bad = await studio.call('/api/threads?graph=others');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
  });

  it('GET state gives the latest checkpoint or the one asked for, with its state; unknown threads are 404, bad ids 400', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    const latest = await studio.call('/api/threads/t1/state');
    expect(latest.body).toMatchObject({
      threadId: 't1',
      status: 'interrupted',
      next: ['approve'],
      interrupts: [{ id: 'approve#0' }],
      state: { drafts: 1, note: '' },
      running: false,
    });
    const first = (await studio.call('/api/threads/t1/history?limit=50')).body.checkpoints.at(-1);
    const old = await studio.call(`/api/threads/t1/state?checkpointId=${first.checkpointId}`);
    expect(old.body).toMatchObject({ checkpointId: first.checkpointId, step: 0, source: 'input', state: { drafts: 0 }, next: ['write'] });
    expect((await studio.call('/api/threads/zz/state')).status).toBe(404);
    const missing = await studio.call('/api/threads/t1/state?checkpointId=nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('CHECKPOINT_NOT_FOUND');
    const bad = await studio.call('/api/threads/a%00b/state');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
    expect((await studio.call('/api/threads/t1/state?extra=1')).status).toBe(400);
  });

  it('pages the history newest first; `more.before` leads to the next page until it is null', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true }, wait: true });
    const all = (await studio.call('/api/threads/t1/history?limit=200')).body;
    expect(all.more).toBeNull();
    const seqs = all.checkpoints.map((c: { seq: number }) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a: number, b: number) => b - a));
    const paged: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = (await studio.call(`/api/threads/t1/history?limit=2${before === undefined ? '' : `&before=${before}`}`)).body;
      paged.push(...page.checkpoints.map((c: { seq: number }) => c.seq));
      if (!page.more) break;
      before = page.more.before;
    }
    expect(paged).toEqual(seqs);
    expect(all.checkpoints[0]).toMatchObject({ status: 'done', next: [], interrupts: [] });
    expect(all.checkpoints.at(-1)).toMatchObject({ source: 'input', parentId: null });
    expect((await studio.call('/api/threads/t1/history?limit=0')).status).toBe(400);
    expect((await studio.call('/api/threads/none/history')).status).toBe(404);
  });

  it('serves an OpenAPI 3.1 document whose body schemas are the ones requests are checked with', async () => {
    studio = await reviewStudio();
    const { body } = await studio.call('/api/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths).sort()).toEqual(
      [
        '/',
        '/api/openapi.json',
        '/api/graph',
        '/api/graph/events',
        '/api/threads',
        '/api/threads/{id}/state',
        '/api/threads/{id}/history',
        '/api/threads/{id}/transcript',
        '/api/threads/{id}/content/{sha256}',
        '/api/memory',
        '/api/schedules',
        '/api/evals',
        '/evals',
        '/evals/{file}',
        '/api/threads/{id}/runs',
        '/api/threads/{id}/resume',
        '/api/threads/{id}/fork',
        '/api/threads/{id}/events',
      ].sort(),
    );
    expect(body.components.schemas.RunBody).toMatchObject({ type: 'object', required: ['input'], additionalProperties: false });
    expect(body.components.schemas.ForkBody.required).toEqual(['checkpointId']);
  });
});
