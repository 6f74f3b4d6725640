import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStudio, serveStudio, type ServedStudio } from '../src/index.ts';
import { echoGraph, heldStudio } from './support/load-graphs.ts';

let closing: { close(): Promise<void> } | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await closing?.close();
  closing = undefined;
});

/** Resolves once `n` of the promises have settled, with the settled results in the order they came. */
function firstSettled<T>(promises: Promise<T>[], n: number): Promise<T[]> {
  const results: T[] = [];
  return new Promise((resolve, reject) => {
    for (const p of promises)
      p.then((value) => {
        results.push(value);
        if (results.length === n) resolve([...results]);
      }, reject);
  });
}

/** A studio on the echo graph (stores any JSON a client sends) and a raw JSON poster. */
async function echoStudio(options: { maxBodyDepth?: number; maxBodyKeys?: number } = {}) {
  const store = new MemoryStore();
  const served: ServedStudio = await serveStudio({ target: echoGraph(), store, port: 0, ...options });
  closing = served;
  const post = async (path: string, text: string) => {
    const res = await fetch(new URL(path, served.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { store, post };
}

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);
const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;

describe('admission: at most maxRuns runs at once, maxQueuedRuns waiting', () => {
  it('with max N and no queue, N+k requests at once: N run, exactly k get 429 with Retry-After, and nothing admitted is lost', async () => {
    const studio = await heldStudio({ maxRuns: 3, maxQueuedRuns: 0 });
    closing = studio.served;
    const inputs = ['a', 'b', 'c', 'd', 'e'];
    const answers = await Promise.all(inputs.map((text) => studio.post('/api/threads/new/runs', { input: { value: text } })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429]);
    const refused = answers.filter((a) => a.status === 429);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.body.error).toMatchObject({
        code: 'TOO_MANY_RUNS',
        message: expect.stringMatching(/3 runs.*try again/),
        details: { maxRuns: 3, maxQueuedRuns: 0 },
      });
    }
    const admitted = answers.filter((a) => a.status === 202).map((a) => a.body.threadId as string);
    expect((await studio.store.threads()).map((t) => t.threadId).sort()).toEqual([...admitted].sort());
    expect(studio.seen.started).toHaveLength(3);
    studio.gate.open();
    await studio.served.close();
    expect([...studio.seen.done].sort()).toEqual([...studio.seen.started].sort());
    expect((await studio.store.threads()).map((t) => t.status)).toEqual(['done', 'done', 'done']);
  });

  it('requests past maxRuns wait in a queue of maxQueuedRuns and run as slots free; past the queue, 429', async () => {
    const studio = await heldStudio({ maxRuns: 2, maxQueuedRuns: 2 });
    closing = studio.served;
    const inputs = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const sent = inputs.map((text) => studio.post('/api/threads/new/runs', { input: { value: text } }));
    // Two run and three are refused at once; two wait for a slot (the runs hold theirs until the gate opens).
    const first = await firstSettled(sent, 5);
    expect(first.map((a) => a.status).sort()).toEqual([202, 202, 429, 429, 429]);
    expect(studio.seen.started).toHaveLength(2);
    expect(await studio.store.threads()).toHaveLength(2);
    studio.gate.open();
    const all = await Promise.all(sent);
    expect(all.map((a) => a.status).sort()).toEqual([202, 202, 202, 202, 429, 429, 429]);
    await studio.served.close();
    expect(studio.seen.started).toHaveLength(4);
    expect([...studio.seen.done].sort()).toEqual([...studio.seen.started].sort());
    expect((await studio.store.threads()).every((t) => t.status === 'done')).toBe(true);
  });
});

describe('bodies that would take the server long are refused before anything runs', () => {
  it('a 500k-deep body is 400 BODY_TOO_DEEP, a 60k-key one 400 BODY_TOO_MANY_KEYS, one over maxBodyBytes 413; each typed, none stored', async () => {
    const errors = vi.spyOn(console, 'error');
    const { store, post } = await echoStudio();
    const answers = [
      await post('/api/threads/t1/runs', `{"input":{"value":${nested(500_000)}}}`),
      await post('/api/threads/t1/runs', `{"input":{"value":${keys(60_000)}}}`),
      await post('/api/threads/t1/fork', `{"checkpointId":"c","update":${keys(60_000)}}`),
      // A run's body has its own limit (maxRunBodyBytes, 20 MiB: attachments); a fork's is maxBodyBytes.
      await post('/api/threads/t1/fork', `{"checkpointId":"c","input":"${'x'.repeat(1024 * 1024)}"}`),
    ];
    expect(answers.map((a) => [a.status, a.body.error.code])).toEqual([
      [400, 'BODY_TOO_DEEP'],
      [400, 'BODY_TOO_MANY_KEYS'],
      [400, 'BODY_TOO_MANY_KEYS'],
      [413, 'BODY_TOO_LARGE'],
    ]);
    expect(answers[0]!.body.error.message).toMatch(/nested more than 64 levels.*maxBodyDepth/);
    expect(answers[1]!.body.error.message).toMatch(/more than 10,000 keys and items.*maxBodyKeys/);
    expect(await store.threads()).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('the limits are exact: a body at maxBodyDepth and maxBodyKeys runs, one past either is refused', async () => {
    const { store, post } = await echoStudio({ maxBodyDepth: 8, maxBodyKeys: 20 });
    // The body's own object and `input` are two of the eight levels; `input`, `value` and `wait` three of the twenty keys.
    expect((await post('/api/threads/a/runs', `{"input":{"value":${nested(6)}},"wait":true}`)).body.status).toBe('interrupted');
    expect((await post('/api/threads/b/runs', `{"input":{"value":${nested(7)}}}`)).body.error.code).toBe('BODY_TOO_DEEP');
    expect((await post('/api/threads/c/runs', `{"input":{"value":${keys(17)}},"wait":true}`)).body.status).toBe('interrupted');
    expect((await post('/api/threads/d/runs', `{"input":{"value":${keys(18)}},"wait":true}`)).body.error.code).toBe('BODY_TOO_MANY_KEYS');
    expect((await store.threads()).map((t) => t.threadId).sort()).toEqual(['a', 'c']);
  });
});

describe('a value a checkpoint cannot hold, sent by the client', () => {
  it('is a 400 CHECKPOINT_UNSERIALIZABLE naming where it sits, logged as nothing, with the thread unchanged', async () => {
    const errors = vi.spyOn(console, 'error');
    const { store, post } = await echoStudio({ maxBodyDepth: 2000 });
    const tooDeep = await post('/api/threads/t1/runs', `{"input":{"value":${nested(1100)}}}`);
    expect(tooDeep).toMatchObject({ status: 400, body: { error: { code: 'CHECKPOINT_UNSERIALIZABLE' } } });
    expect(tooDeep.body.error.message).toMatch(/nested more than 1,024 levels deep/);
    expect(await store.threads()).toEqual([]);

    const paused = await post('/api/threads/t1/runs', '{"input":{"value":{"a":1}},"wait":true}');
    expect(paused.body.status).toBe('interrupted');
    const before = await store.list('t1');
    const first = before.at(-1)!.id;
    const refusals = [
      await post('/api/threads/t1/fork', `{"checkpointId":"${first}","update":{"constructor":{"x":1}}}`),
      await post('/api/threads/t1/fork', `{"checkpointId":"${first}","update":{"__proto__":{"polluted":true}}}`),
      await post('/api/threads/t2/runs', '{"input":{"value":{"list":[{"__proto__":{"polluted":true}}]}}}'),
      await post('/api/threads/t1/resume', '{"resume":{"ask#0":{"__proto__":1}}}'),
    ];
    expect(refusals.map((r) => [r.status, r.body.error.code])).toEqual(Array(4).fill([400, 'CHECKPOINT_UNSERIALIZABLE']));
    expect(refusals[0]!.body.error.message).toMatch(/"constructor"/);
    expect(refusals[1]!.body.error.message).toMatch(/"__proto__" \(at update\)/);
    expect(refusals[2]!.body.error.message).toMatch(/"__proto__" \(at input\.value\.list\[0\]\)/);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((await store.list('t1')).map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect((await store.threads()).map((t) => t.threadId)).toEqual(['t1']);
    expect(errors).not.toHaveBeenCalled();
    // The thread still takes a good answer.
    expect((await post('/api/threads/t1/resume', '{"resume":{"ask#0":true},"wait":true}')).body).toMatchObject({ status: 'done' });
  });
});

describe('the limits as options', () => {
  it('createStudio refuses a limit that is not a whole number in range, and session values or context a checkpoint cannot hold', () => {
    const base = { target: echoGraph(), store: new MemoryStore() };
    const refusal = (extra: Record<string, unknown>) => {
      try {
        createStudio({ ...base, ...extra });
        return undefined;
      } catch (err) {
        return [(err as { code: string }).code, (err as Error).message];
      }
    };
    expect(refusal({ maxRuns: 0 })).toEqual([
      'INVALID_ARGUMENT',
      'createStudio(): maxRuns must be a whole number of at least 1 (default 32)',
    ]);
    expect(refusal({ maxBodyKeys: 1.5 })?.[1]).toMatch(/maxBodyKeys must be a whole number of at least 1 \(default 10,000\)/);
    expect(refusal({ maxQueuedRuns: -1 })?.[1]).toMatch(/maxQueuedRuns must be a whole number of at least 0/);
    expect(refusal({ maxQueuedRuns: 0, maxFollowerBufferBytes: 1 })).toBeUndefined();
    expect(refusal({ sessionValues: { when: () => 1 } })).toEqual([
      'INVALID_ARGUMENT',
      expect.stringMatching(/sessionValues must be plain data.*a function \(at when\)/),
    ]);
    expect(refusal({ context: { deep: JSON.parse(nested(1100)) } })?.[1]).toMatch(/context must be plain data.*1,024 levels/);
  });
});
