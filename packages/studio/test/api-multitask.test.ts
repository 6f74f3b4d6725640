import { randomUUID } from 'node:crypto';
import { WeftQueue, WeftWorker } from '@weft/bullmq';
import { LeaseKeeper, MemoryStore, type CheckpointStore } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStudio } from '../src/index.ts';
import { held, multitaskGraph } from './support/multitask-graph.ts';

let close: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of close.reverse()) await c();
  close = [];
});

const REDIS = process.env['WEFT_REDIS_URL'];

/** A studio on the think → act graph, in this process or on a queue worker, and a JSON client for it. */
async function multitaskStudio(onQueue: boolean) {
  const effects: string[] = [];
  const gate = held();
  const store = new MemoryStore();
  const target = multitaskGraph(effects, gate);
  let queue: { queue: WeftQueue; target: string } | undefined;
  if (onQueue) {
    const url = new URL(REDIS ?? 'redis://127.0.0.1:56379');
    const connection = { host: url.hostname, port: Number(url.port) };
    const name = `studio-mt-${randomUUID().slice(0, 8)}`;
    const worker = new WeftWorker({ queue: name, connection, store, targets: { chat: target }, concurrency: 2 });
    const q = new WeftQueue({ queue: name, connection, store });
    close.push(
      () => worker.close(),
      () => q.close(),
      async () => (await q.bull.obliterate({ force: true }).catch(() => {})) as unknown,
    );
    queue = { queue: q, target: 'chat' };
  }
  const served = await serveStudio({ target, store, port: 0, ...(queue ? { queue } : {}) });
  close.push(() => served.close());
  const call = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, served.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const log = async () => {
    const res = await fetch(new URL('/api/threads/t/state', served.url));
    return ((await res.json()) as { state: { log: string[] } }).state.log;
  };
  return { effects, gate, store, call, log };
}

/** Until the run holding the thread was asked to stop (it holds it in this process, on this store). */
async function stopAsked(store: CheckpointStore): Promise<void> {
  await expect.poll(() => LeaseKeeper.heldHere(store, 't')?.stopRequested, { timeout: 30_000, interval: 10 }).toBeDefined();
}

const where = [
  ['in the studio process', false],
  ['on queue workers', true],
] as const;

for (const [name, onQueue] of where)
  (onQueue && !REDIS && !process.env['CI'] ? describe.skip : describe)(`POST /api/threads/:id/runs with multitask, ${name}`, () => {
    it("'reject' (the default): the second input is refused 409 THREAD_BUSY while the first runs; nothing of it runs", async () => {
      const s = await multitaskStudio(onQueue);
      const first = s.call('/api/threads/t/runs', { input: { value: 'A' }, wait: true });
      await expect.poll(() => s.effects.length, { timeout: 30_000 }).toBe(1);
      const second = await s.call('/api/threads/t/runs', { input: { value: 'B' }, multitask: 'reject', wait: true });
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('THREAD_BUSY');
      s.gate.open();
      expect([(await first).status, (await first).body.status]).toEqual([200, 'done']);
      expect(s.effects).toEqual(['think:A', 'act:A']);
    });

    it("'enqueue': the second input runs after the first, each once", async () => {
      const s = await multitaskStudio(onQueue);
      const first = s.call('/api/threads/t/runs', { input: { value: 'A' }, wait: true });
      await expect.poll(() => s.effects.length, { timeout: 30_000 }).toBe(1);
      const second = s.call('/api/threads/t/runs', { input: { value: 'B' }, multitask: 'enqueue', wait: true });
      s.gate.open();
      const [a, b] = await Promise.all([first, second]);
      expect([a.status, a.body.status, b.status, b.body.status]).toEqual([200, 'done', 200, 'done']);
      expect(s.effects).toEqual(['think:A', 'act:A', 'think:B', 'act:B']);
      expect(await s.log()).toEqual(['thought:A', 'did:A', 'thought:B', 'did:B']);
    });

    it("'interrupt': the first run stops at its next step boundary (RUN_STOPPED) and the second runs from its state", async () => {
      const s = await multitaskStudio(onQueue);
      const first = s.call('/api/threads/t/runs', { input: { value: 'A' }, wait: true });
      await expect.poll(() => s.effects.length, { timeout: 30_000 }).toBe(1);
      const second = s.call('/api/threads/t/runs', { input: { value: 'B' }, multitask: 'interrupt', wait: true });
      await stopAsked(s.store);
      s.gate.open();
      const [a, b] = await Promise.all([first, second]);
      expect([a.body.status, a.body.error?.code, b.body.status, b.body.output]).toEqual(['error', 'RUN_STOPPED', 'done', 'B']);
      expect(s.effects).toEqual(['think:A', 'think:B', 'act:B']);
      expect(await s.log()).toEqual(['thought:A', 'thought:B', 'did:B']);
    });

    it("'rollback': the second runs from the checkpoint the stopped run started from", async () => {
      const s = await multitaskStudio(onQueue);
      expect((await s.call('/api/threads/t/runs', { input: { value: 'Z' }, wait: true })).body.status).toBe('done');
      const first = s.call('/api/threads/t/runs', { input: { value: 'A' }, wait: true });
      await expect.poll(() => s.effects.length, { timeout: 30_000 }).toBe(3);
      const second = s.call('/api/threads/t/runs', { input: { value: 'B' }, multitask: 'rollback', wait: true });
      await stopAsked(s.store);
      s.gate.open();
      const [a, b] = await Promise.all([first, second]);
      expect([a.body.status, a.body.error?.code, b.body.status, b.body.output]).toEqual(['error', 'RUN_STOPPED', 'done', 'B']);
      expect(s.effects).toEqual(['think:Z', 'act:Z', 'think:A', 'think:B', 'act:B']);
      expect(await s.log()).toEqual(['thought:Z', 'did:Z', 'thought:B', 'did:B']);
    });
  });
