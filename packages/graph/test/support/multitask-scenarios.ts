/**
 * The multitask strategies with two concurrent inputs, on any store: the
 * graph package runs them on MemoryStore, the SQLite and PostgreSQL packages
 * on theirs (one store object: a holder in the same process; two store
 * objects on one database: a holder in another process).
 */
import { describe, expect, it } from 'vitest';
import { END, LeaseKeeper, START, graph, type CheckpointStore, type Multitask, type RunResult } from '../../src/index.ts';

/** Where the two runs keep their checkpoints: the same store, or two handles on one database (two processes). */
export interface StorePair {
  holder: CheckpointStore;
  newcomer: CheckpointStore;
}

interface Chat {
  log: string[];
}

/** A promise with its resolve, for holding a node at a known point. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * think → act: each node counts its runs in `effects` (its side effect) and
 * appends to the state's log. `think` for the input 'A' waits at `gate`
 * after telling `entered`, so the first run is held inside a step.
 */
function chatGraph(store: CheckpointStore, effects: string[], hold: { entered: () => void; gate: Promise<void> }) {
  return graph<string, string, Chat>({ name: 'chat', state: () => ({ log: [] }) })
    .addNode('think', async (text: string, ctx) => {
      effects.push(`think:${text}`);
      if (text === 'A') {
        hold.entered();
        await hold.gate;
      }
      ctx.update((s) => void s.log.push(`thought:${text}`));
      return text;
    })
    .addNode('act', (text: string, ctx) => {
      effects.push(`act:${text}`);
      ctx.update((s) => void s.log.push(`did:${text}`));
      return text;
    })
    .addEdge(START, 'think')
    .addEdge('think', 'act')
    .addEdge('act', END)
    .compile({ store });
}

/** Both graphs (one per store), the effects, and the first run 'A' held inside `think`. */
async function heldRun(pair: StorePair, threadId: string, before?: string) {
  const effects: string[] = [];
  const entered = latch();
  const gate = latch();
  const hold = { entered: entered.open, gate: gate.promise };
  const [first, second] = [chatGraph(pair.holder, effects, hold), chatGraph(pair.newcomer, effects, hold)];
  if (before !== undefined) expect((await first.run(before, { threadId })).status).toBe('done');
  const a = first.run('A', { threadId });
  await entered.promise;
  return { effects, first, second, a, gate };
}

/** The held run's keeper has the stop request (at once in the same process, at its next renewal from another). */
async function stopReached(pair: StorePair, threadId: string): Promise<void> {
  await expect.poll(() => LeaseKeeper.heldHere(pair.holder, threadId)?.stopRequested, { timeout: 20_000, interval: 10 }).toBeDefined();
}

/** A thread's history, oldest first. */
async function oldestFirst<T>(views: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const v of views) all.push(v);
  return all.reverse();
}

const shape = (r: RunResult<unknown, unknown>) => ({ status: r.status, output: r.output, code: r.error?.code, details: r.error?.details });

export function multitaskScenarios(name: string, open: () => Promise<StorePair> | StorePair): void {
  describe(`multitask with two concurrent inputs: ${name}`, () => {
    const tid = (s: string) => `mt-${s}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

    it("'reject' (the default): the second input is refused with THREAD_BUSY; the first run goes on alone", async () => {
      const pair = await open();
      const t = tid('reject');
      const { effects, second, a, gate } = await heldRun(pair, t);
      const busy = await second.run('B', { threadId: t, multitask: 'reject' }).catch((e: unknown) => (e as { code?: string }).code);
      gate.open();
      expect(busy).toBe('THREAD_BUSY');
      expect(shape(await a)).toEqual({ status: 'done', output: 'A', code: undefined, details: undefined });
      expect(effects).toEqual(['think:A', 'act:A']);
    });

    it("'enqueue': two inputs wait and run after the current run, in the order they came; nothing runs twice", async () => {
      const pair = await open();
      const t = tid('enqueue');
      const { effects, second, a, gate } = await heldRun(pair, t);
      const b = second.run('B', { threadId: t, multitask: 'enqueue' });
      const c = second.run('C', { threadId: t, multitask: 'enqueue' });
      gate.open();
      const results = await Promise.all([a, b, c]);
      expect(results.map((r) => [r.status, r.output])).toEqual([
        ['done', 'A'],
        ['done', 'B'],
        ['done', 'C'],
      ]);
      expect(effects).toEqual(['think:A', 'act:A', 'think:B', 'act:B', 'think:C', 'act:C']);
      expect((await second.getState(t)).state.log).toEqual(['thought:A', 'did:A', 'thought:B', 'did:B', 'thought:C', 'did:C']);
    });

    it("'interrupt': the current run stops after its step (RUN_STOPPED, checkpoints kept); the new input runs from its state", async () => {
      const pair = await open();
      const t = tid('interrupt');
      const { effects, second, a, gate } = await heldRun(pair, t);
      const b = second.run('B', { threadId: t, multitask: 'interrupt', holder: 'user-2' });
      await stopReached(pair, t);
      gate.open();
      const [ra, rb] = await Promise.all([a, b]);
      const reason = 'a new input arrived for the thread';
      expect(shape(ra)).toEqual({ status: 'error', output: undefined, code: 'RUN_STOPPED', details: { by: 'user-2', reason } });
      expect(shape(rb)).toEqual({ status: 'done', output: 'B', code: undefined, details: undefined });
      // think:A finished its step (it is in the checkpoint), act:A never ran, and nothing ran twice.
      expect(effects).toEqual(['think:A', 'think:B', 'act:B']);
      const history = await oldestFirst(second.history(t));
      expect(history.map((c) => [c.source, c.status, c.state.log])).toEqual([
        ['input', 'running', []],
        ['step', 'running', ['thought:A']],
        ['step', 'error', ['thought:A']],
        ['input', 'running', ['thought:A']],
        ['step', 'running', ['thought:A', 'thought:B']],
        ['step', 'done', ['thought:A', 'thought:B', 'did:B']],
      ]);
      expect(history[2]!.error?.code).toBe('RUN_STOPPED');
      expect(history[3]!.parentId).toBe(history[2]!.id);
    });

    it("'rollback': the new input runs from the checkpoint the stopped run started from; the stopped run stays as a branch", async () => {
      const pair = await open();
      const t = tid('rollback');
      const { effects, second, a, gate } = await heldRun(pair, t, 'Z');
      const b = second.run('B', { threadId: t, multitask: 'rollback' });
      await stopReached(pair, t);
      gate.open();
      const [ra, rb] = await Promise.all([a, b]);
      expect([ra.error?.code, rb.status, rb.output]).toEqual(['RUN_STOPPED', 'done', 'B']);
      expect(effects).toEqual(['think:Z', 'act:Z', 'think:A', 'think:B', 'act:B']);
      expect((await second.getState(t)).state.log).toEqual(['thought:Z', 'did:Z', 'thought:B', 'did:B']);
      const history = await oldestFirst(second.history(t));
      expect(history.map((c) => [c.source, c.status, c.state.log.join(' ')])).toEqual([
        ['input', 'running', ''],
        ['step', 'running', 'thought:Z'],
        ['step', 'done', 'thought:Z did:Z'],
        ['input', 'running', 'thought:Z did:Z'],
        ['step', 'running', 'thought:Z did:Z thought:A'],
        ['step', 'error', 'thought:Z did:Z thought:A'],
        ['input', 'running', 'thought:Z did:Z'],
        ['step', 'running', 'thought:Z did:Z thought:B'],
        ['step', 'done', 'thought:Z did:Z thought:B did:B'],
      ]);
      // B's input checkpoint continues Z's last one: A's three checkpoints are a branch, all still there.
      expect(history[6]!.parentId).toBe(history[2]!.id);
      expect(history[3]!.parentId).toBe(history[2]!.id);
    });

    it("'rollback' of a thread's first run starts from the graph's initial state, as a new root after the stopped run", async () => {
      const pair = await open();
      const t = tid('rollback-first');
      const { effects, second, a, gate } = await heldRun(pair, t);
      const b = second.run('B', { threadId: t, multitask: 'rollback' });
      await stopReached(pair, t);
      gate.open();
      await Promise.all([a, b]);
      expect(effects).toEqual(['think:A', 'think:B', 'act:B']);
      const history = await oldestFirst(second.history(t));
      expect(history.map((c) => [c.seq, c.source, c.parentId === null, c.state.log.join(' ')])).toEqual([
        [1, 'input', true, ''],
        [2, 'step', false, 'thought:A'],
        [3, 'step', false, 'thought:A'],
        [4, 'input', true, ''],
        [5, 'step', false, 'thought:B'],
        [6, 'step', false, 'thought:B did:B'],
      ]);
    });

    it.each<Multitask>(['enqueue', 'interrupt', 'rollback'])(
      "'%s' on a thread nobody runs just runs, from the thread's latest state",
      async (multitask) => {
        const pair = await open();
        const t = tid(`free-${multitask}`);
        const effects: string[] = [];
        const g = chatGraph(pair.newcomer, effects, { entered: () => {}, gate: Promise.resolve() });
        await g.run('Z', { threadId: t });
        expect((await g.run('B', { threadId: t, multitask })).status).toBe('done');
        expect((await g.getState(t)).state.log).toEqual(['thought:Z', 'did:Z', 'thought:B', 'did:B']);
      },
    );

    it("'enqueue' waits at most multitaskWaitMs, then THREAD_BUSY naming the holder and the wait; nothing of it ran", async () => {
      const pair = await open();
      const t = tid('wait');
      const { effects, second, a, gate } = await heldRun(pair, t);
      const err = await second.run('B', { threadId: t, multitask: 'enqueue', multitaskWaitMs: 50 }).catch((e: unknown) => e);
      gate.open();
      await a;
      expect(err).toMatchObject({ code: 'THREAD_BUSY', details: { threadId: t, waitedMs: 50 } });
      expect(effects).toEqual(['think:A', 'act:A']);
    });
  });
}
