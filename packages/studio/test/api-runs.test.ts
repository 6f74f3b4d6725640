import { afterEach, describe, expect, it } from 'vitest';
import { reviewStudio } from './support/review-graph.ts';
import { sseReader, type ReadEvent } from './support/sse-client.ts';

let studio: Awaited<ReturnType<typeof reviewStudio>>;
afterEach(() => studio?.served.close());

/** The event kinds (graph events by their type) of a run, in order. */
const kinds = (events: ReadEvent[]) => events.map((e) => (e.event === 'graph' ? e.data.type : e.event));

async function events(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(studio.url(path), { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return sseReader(res);
}

describe('runs through the API', () => {
  it('a run on a new thread answers 202 with its ids; the thread’s events replay from its start, in order, to its end', async () => {
    studio = await reviewStudio();
    const started = await studio.call('/api/threads/new/runs', { input: { value: 'graphs' } });
    expect(started.status).toBe(202);
    const { threadId, runId } = started.body;
    expect(threadId).toMatch(/^thread-[0-9a-f]{8}$/);
    expect(started.body.events).toBe(`/api/threads/${threadId}/events`);
    const stream = await events(`/api/threads/${threadId}/events`);
    const got = await stream.until((e) => e.event === 'end');
    await stream.close();
    expect(got.map((e) => e.id)).toEqual(got.map((_, i) => `${runId}.${i}`));
    // The graph's own events, as a local run emits them, between the studio's run and end.
    expect(kinds(got)).toEqual([
      'run',
      'run.start',
      'checkpoint.write',
      'step.start',
      'node.start',
      'node.end',
      'state.patch',
      'checkpoint.write',
      'step.end',
      'step.start',
      'node.start',
      'checkpoint.write',
      'interrupt',
      'run.end',
      'end',
    ]);
    expect(got[0]!.data).toMatchObject({ runId, threadId, mode: 'run' });
    expect(got.at(-1)!.data).toMatchObject({
      runId,
      threadId,
      status: 'interrupted',
      interrupts: [{ id: 'approve#0', info: { text: 'On graphs' }, resumeSchema: { type: 'boolean' } }],
    });
    expect(studio.effects).toEqual({ written: ['graphs'], published: [] });
  });

  it('wait answers with the run’s end; stream answers with that run’s events and ends with them', async () => {
    studio = await reviewStudio();
    const paused = await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ threadId: 't1', status: 'interrupted', checkpointId: expect.any(String) });
    const res = await fetch(studio.url('/api/threads/t1/resume'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resume: { 'approve#0': true }, stream: true }),
    });
    const got = await sseReader(res).rest();
    expect(kinds(got)[0]).toBe('run');
    expect(got[0]!.data.mode).toBe('resume');
    expect(got.at(-1)).toMatchObject({ event: 'end', data: { status: 'done', output: 'On graphs' } });
    expect(kinds(got).filter((k) => k === 'node.start')).toHaveLength(2);
    expect(studio.effects).toEqual({ written: ['graphs'], published: ['On graphs'] });
    const state = await studio.call('/api/threads/t1/state');
    expect(state.body).toMatchObject({ status: 'done', output: 'On graphs', state: { drafts: 1 }, running: false });
  });

  it('a client that drops mid-run and reconnects with Last-Event-ID gets every event once, in order', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    studio.gate.close();
    const started = await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true } });
    expect(started.status).toBe(202);
    const first = await events('/api/threads/t1/events');
    const before = await first.until((e) => e.data?.type === 'node.start' && e.data.node === 'publish');
    await first.close();
    const lastId = before.at(-1)!.id!;
    studio.gate.open();
    const second = await events('/api/threads/t1/events', { 'last-event-id': lastId });
    const after = await second.until((e) => e.event === 'end');
    await second.close();
    // The same through the query, as a client that cannot set headers reconnects.
    const third = await events(`/api/threads/t1/events?lastEventId=${encodeURIComponent(before[3]!.id!)}`);
    const fromQuery = await third.until((e) => e.event === 'end');
    await third.close();
    const whole = await events('/api/threads/t1/events');
    const all = await whole.until((e) => e.event === 'end');
    await whole.close();
    expect([...before, ...after].map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(fromQuery.map((e) => e.id)).toEqual(all.slice(4).map((e) => e.id));
    expect(after[0]!.id).not.toBe(lastId);
    expect(all.at(-1)!.data).toMatchObject({ status: 'done', runId: started.body.runId });
    expect(studio.effects.published).toEqual(['On graphs']);
  });

  it('two resumes of one thread at once: one runs, the other is refused 409 THREAD_BUSY before anything runs', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    studio.gate.close();
    const [a, b] = await Promise.all([
      studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true } }),
      studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toMatchObject({ code: 'THREAD_BUSY', message: expect.stringMatching(/t1/) });
    const listed = await studio.call('/api/threads');
    expect(listed.body.threads).toEqual([expect.objectContaining({ threadId: 't1', running: true })]);
    studio.gate.open();
    const stream = await events('/api/threads/t1/events');
    expect((await stream.until((e) => e.event === 'end')).at(-1)!.data.status).toBe('done');
    await stream.close();
    expect(studio.effects.published).toEqual(['On graphs']);
    const history = await studio.call('/api/threads/t1/history?limit=50');
    expect(history.body.checkpoints.filter((c: { source: string }) => c.source === 'resume')).toHaveLength(1);
  });

  it('a resume value the interrupt’s schema refuses is 400 RESUME_INVALID; the interrupt still waits; an unknown thread is 404', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    const refused = await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': 'yes' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'RESUME_INVALID', details: { interruptId: 'approve#0' } });
    const unknown = await studio.call('/api/threads/t1/resume', { resume: { 'nope#0': true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('UNKNOWN_INTERRUPT');
    const missing = await studio.call('/api/threads/t9/resume', { resume: { 'approve#0': true } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('THREAD_NOT_FOUND');
    const state = await studio.call('/api/threads/t1/state');
    expect(state.body).toMatchObject({ status: 'interrupted', interrupts: [{ id: 'approve#0' }], running: false });
    expect(studio.effects.published).toEqual([]);
    // The lease was given back each time: a valid resume runs.
    const done = await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true }, wait: true });
    expect(done.body).toMatchObject({ status: 'done', output: 'On graphs' });
  });

  it('a second answer to an interrupt an earlier resume answered is 409 INTERRUPT_ALREADY_ANSWERED; nothing runs again', async () => {
    studio = await reviewStudio();
    const paused = await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true }, wait: true });
    const history = (await studio.call('/api/threads/t1/history?limit=50')).body.checkpoints;
    const answeredAt = history.find((c: { source: string }) => c.source === 'resume');
    expect(answeredAt.parentId).toBe(paused.body.checkpointId);
    const again = await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': false } });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'INTERRUPT_ALREADY_ANSWERED',
      message: expect.stringMatching(/"approve#0".*earlier resume.*fork from the interrupted checkpoint/),
      details: { answered: ['approve#0'], checkpointId: answeredAt.checkpointId, interrupted: paused.body.checkpointId },
    });
    // An interrupt the thread never had is still unknown.
    const unknown = await studio.call('/api/threads/t1/resume', { resume: { 'nope#0': true } });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'UNKNOWN_INTERRUPT']);
    expect((await studio.call('/api/threads/t1/history?limit=50')).body.checkpoints).toEqual(history);
    expect(studio.effects.published).toEqual(['On graphs']);
    // Answering differently is a fork from the interrupted checkpoint.
    const forked = await studio.call('/api/threads/t1/fork', {
      checkpointId: paused.body.checkpointId,
      resume: { 'approve#0': false },
      wait: true,
    });
    expect(forked.body).toMatchObject({ status: 'done', output: 'rejected' });
  });

  it('fork from an earlier checkpoint with goto, input and a state update runs a new branch that the history shows', async () => {
    studio = await reviewStudio();
    await studio.call('/api/threads/t1/runs', { input: { value: 'graphs' }, wait: true });
    await studio.call('/api/threads/t1/resume', { resume: { 'approve#0': true }, wait: true });
    const history = await studio.call('/api/threads/t1/history?limit=50');
    const atApprove = history.body.checkpoints.find(
      (c: { next: string[]; source: string }) => c.source === 'step' && c.next[0] === 'approve',
    );
    expect(atApprove).toBeDefined();
    const forked = await studio.call('/api/threads/t1/fork', {
      checkpointId: atApprove.checkpointId,
      goto: 'publish',
      input: 'Forked text',
      update: { note: 'edited' },
      wait: true,
    });
    expect(forked.status).toBe(200);
    expect(forked.body).toMatchObject({ status: 'done', output: 'Forked text' });
    expect(studio.effects.published).toEqual(['On graphs', 'Forked text (edited)']);
    const after = await studio.call('/api/threads/t1/history?limit=50');
    const fork = after.body.checkpoints.find((c: { source: string }) => c.source === 'fork');
    expect(fork).toMatchObject({ parentId: atApprove.checkpointId, next: ['publish'] });
    const state = await studio.call('/api/threads/t1/state');
    expect(state.body.state).toEqual({ drafts: 1, note: 'edited' });
    const bad = await studio.call('/api/threads/t1/fork', { checkpointId: atApprove.checkpointId, goto: 'nowhere', wait: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/INVALID|BRANCH/);
  });
});
