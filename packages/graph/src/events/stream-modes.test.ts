import { applyPatches, enablePatches } from 'immer';
import { lastValueFrom, map, toArray } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { END, START, graph, interrupt, MemoryStore, send, type StepUpdate } from '../index.ts';
import { deferred } from '../../test/support/collect.ts';
import { EventHub } from './event-hub.ts';

enablePatches();

type Log = { log: string[]; n: number };
const init = (): Log => ({ log: [], n: 0 });

/** a → b → c, each appending its name to the state log; c also sets n. */
function chain(store?: MemoryStore) {
  return graph<number, number, Log>({ name: 'chain', state: init })
    .addNode('a', (x: number, ctx) => (ctx.update((s) => void s.log.push('a')), x + 1))
    .addNode('b', (x: number, ctx) => (ctx.update((s) => void s.log.push('b')), x * 10))
    .addNode('c', (x: number, ctx) => {
      ctx.update((s) => {
        s.log.push('c');
        s.n = x;
      });
      return x - 1;
    })
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', END)
    .compile(store ? { store } : {});
}

/**
 * a → (b, c) in one step → the join d. c finishes first (b waits for it), and
 * asks for a number with interrupt() when `ask` is set.
 */
function fanOut(store: MemoryStore, ask = false) {
  return graph<number, number, Log>({ name: 'fan', state: init })
    .addNode('a', (x: number, ctx) => (ctx.update((s) => void s.log.push('a')), x + 1))
    .addNode('b', async (x: number, ctx) => {
      await Promise.resolve();
      await Promise.resolve();
      ctx.update((s) => void s.log.push('b'));
      return x * 2;
    })
    .addNode('c', (x: number, ctx) => {
      const v = ask ? interrupt<number>('how much?') : 3;
      ctx.update((s) => {
        s.n = v;
      });
      return x + v;
    })
    .addNode('d', (parts: Record<string, number>, ctx) => (ctx.update((s) => void s.log.push('d')), parts['b']! + parts['c']!), {
      trigger: 'all',
    })
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('a', 'c')
    .addEdge('b', 'd')
    .addEdge('c', 'd')
    .addEdge('d', END)
    .compile({ store });
}

/** The states of the checkpoints a run wrote, in order (read back through getState). */
async function writtenStates<S>(g: { getState(t: string, id: string): Promise<{ state: S }> }, threadId: string, ids: string[]) {
  return Promise.all(ids.map(async (id) => (await g.getState(threadId, id)).state));
}

/** Every event the run's hub built (emitted), by type: a spy on EventHub.prototype.emit. */
function builtEvents() {
  const types: string[] = [];
  const emit = EventHub.prototype.emit;
  vi.spyOn(EventHub.prototype, 'emit').mockImplementation(function (this: EventHub<unknown>, event: unknown) {
    // Graph events have a runId; a RunStream's own queue carries the mode's values.
    if (event !== null && typeof event === 'object' && 'runId' in event) types.push(String((event as Record<string, unknown>)['type']));
    emit.call(this, event);
  });
  return types;
}

afterEach(() => vi.restoreAllMocks());

describe('run.values()', () => {
  it('yields the starting state, then the state after each step, equal to the checkpoints the run wrote', async () => {
    const g = chain(new MemoryStore());
    const run = g.run(1, { threadId: 't' });
    const values = lastValueFrom(run.values().pipe(toArray()));
    const written = lastValueFrom(run.only('checkpoint.write').pipe(toArray()));
    const res = await run;
    expect(await values).toEqual([
      { log: [], n: 0 },
      { log: ['a'], n: 0 },
      { log: ['a', 'b'], n: 0 },
      { log: ['a', 'b', 'c'], n: 20 },
    ]);
    const ids = (await written).map((e) => e.checkpointId);
    expect(await writtenStates(g, 't', ids)).toEqual(await values);
    expect((await values).at(-1)).toBe(res.state);
    // And the history, oldest first, is the same list.
    const history = [];
    for await (const cp of g.history('t')) history.unshift(cp.state);
    expect(history).toEqual(await values);
  });

  it('a fan-out step is one value, with both nodes applied; without a store the values are the same', async () => {
    const store = new MemoryStore();
    const run = fanOut(store).run(1, { threadId: 'f' });
    const values = lastValueFrom(run.values().pipe(toArray()));
    const written = lastValueFrom(run.only('checkpoint.write').pipe(toArray()));
    expect((await run).output).toBe(9);
    expect(await values).toEqual([
      { log: [], n: 0 },
      { log: ['a'], n: 0 },
      { log: ['a', 'b'], n: 3 },
      { log: ['a', 'b', 'd'], n: 3 },
    ]);
    const ids = (await written).map((e) => e.checkpointId);
    expect(await writtenStates(fanOut(store), 'f', ids)).toEqual(await values);
    expect(await lastValueFrom(chain().run(1).values().pipe(toArray()))).toHaveLength(4);
  });

  it('across an interrupt and its resume: the stopped step adds no value; the resume starts from the state it resumes', async () => {
    const store = new MemoryStore();
    const g = fanOut(store, true);
    const first = g.run(1, { threadId: 'i' });
    const before = lastValueFrom(first.values().pipe(toArray()));
    const writtenBefore = lastValueFrom(first.only('checkpoint.write').pipe(toArray()));
    const stopped = await first;
    expect(stopped.status).toBe('interrupted');
    expect(await before).toEqual([
      { log: [], n: 0 },
      { log: ['a'], n: 0 },
    ]);
    // Input, step 1, and the interrupt's checkpoint (which holds step 1's state: b's update waits with it).
    const idsBefore = (await writtenBefore).map((e) => e.checkpointId);
    expect(await writtenStates(g, 'i', idsBefore)).toEqual([...(await before), { log: ['a'], n: 0 }]);

    const resumed = g.resume({ threadId: 'i', resume: { [stopped.interrupts[0]!.id]: 5 } });
    const after = lastValueFrom(resumed.values().pipe(toArray()));
    const writtenAfter = lastValueFrom(resumed.only('checkpoint.write').pipe(toArray()));
    expect((await resumed).output).toBe(11);
    expect(await after).toEqual([
      { log: ['a'], n: 0 },
      { log: ['a', 'b'], n: 5 },
      { log: ['a', 'b', 'd'], n: 5 },
    ]);
    const idsAfter = (await writtenAfter).map((e) => e.checkpointId);
    expect(await writtenStates(g, 'i', idsAfter)).toEqual(await after);
  });

  it("a fork's first value is the forked state with its update applied", async () => {
    const store = new MemoryStore();
    const g = chain(store);
    await g.run(1, { threadId: 'k' });
    const step1 = [];
    for await (const cp of g.history('k')) if (cp.step === 1) step1.push(cp.id);
    const fork = g.resume({ threadId: 'k', checkpointId: step1[0]!, update: (s) => void (s.n = 7) });
    const values = await lastValueFrom(fork.values().pipe(toArray()));
    expect(values).toEqual([
      { log: ['a'], n: 7 },
      { log: ['a', 'b'], n: 7 },
      { log: ['a', 'b', 'c'], n: 20 },
    ]);
  });

  it('a failed run completes the stream after the last completed step; misuse before the start errors it', async () => {
    const g = graph<number, number, Log>({ name: 'fails', state: init })
      .addNode('a', (x: number, ctx) => (ctx.update((s) => void s.log.push('a')), x))
      .addNode('b', () => {
        throw new Error('boom');
      })
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', END)
      .compile({ store: new MemoryStore() });
    const run = g.run(1, { threadId: 'e' });
    const seen: unknown[] = [];
    let completed = false;
    run.values().subscribe({ next: (v) => seen.push(v), complete: () => (completed = true) });
    expect((await run).status).toBe('error');
    expect([seen, completed]).toEqual([
      [
        { log: [], n: 0 },
        { log: ['a'], n: 0 },
      ],
      true,
    ]);

    const missing = g.resume({ threadId: 'nobody', resume: {} });
    await expect(lastValueFrom(missing.values())).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    await expect(missing.updates()[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    await expect(missing).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
  });

  it("skips a subgraph's steps: only the graph's own state", async () => {
    const inner = graph<number, number, { inner: number }>({ name: 'inner', state: () => ({ inner: 0 }) })
      .addNode('x', (n: number, ctx) => (ctx.update((s) => void (s.inner = n)), n + 1))
      .addNode('y', (n: number) => n + 1)
      .addEdge(START, 'x')
      .addEdge('x', 'y')
      .addEdge('y', END)
      .compile();
    const outer = graph<number, number, Log>({ name: 'outer', state: init })
      .addNode('sub', inner)
      .addNode('after', (n: number, ctx) => (ctx.update((s) => void (s.n = n)), n))
      .addEdge(START, 'sub')
      .addEdge('sub', 'after')
      .addEdge('after', END)
      .compile();
    const values = await lastValueFrom(outer.run(1).values().pipe(toArray()));
    expect(values).toEqual([
      { log: [], n: 0 },
      { log: [], n: 0 },
      { log: [], n: 3 },
    ]);
  });
});

describe('run.updates()', () => {
  it('yields one update per step: its nodes with their outputs, and the patches it applied', async () => {
    const run = chain(new MemoryStore()).run(1, { threadId: 'u' });
    const updates = lastValueFrom(run.updates().pipe(toArray()));
    await run;
    expect(await updates).toEqual([
      { step: 1, nodes: [{ node: 'a', key: undefined, output: 2 }], patches: [{ op: 'add', path: ['log', 0], value: 'a' }] },
      { step: 2, nodes: [{ node: 'b', key: undefined, output: 20 }], patches: [{ op: 'add', path: ['log', 1], value: 'b' }] },
      {
        step: 3,
        nodes: [{ node: 'c', key: undefined, output: 19 }],
        patches: [
          { op: 'add', path: ['log', 2], value: 'c' },
          { op: 'replace', path: ['n'], value: 20 },
        ],
      },
    ] satisfies StepUpdate[]);
  });

  it("lists a fan-out step's nodes in step order, not the order they finished; patches carry both", async () => {
    const run = fanOut(new MemoryStore()).run(1, { threadId: 'f' });
    const finished = lastValueFrom(
      run.only('node.end').pipe(
        map((e) => e.node),
        toArray(),
      ),
    );
    const updates = lastValueFrom(run.updates().pipe(toArray()));
    await run;
    expect(await finished).toEqual(['a', 'c', 'b', 'd']);
    expect(await updates).toEqual([
      { step: 1, nodes: [{ node: 'a', key: undefined, output: 2 }], patches: [{ op: 'add', path: ['log', 0], value: 'a' }] },
      {
        step: 2,
        nodes: [
          { node: 'b', key: undefined, output: 4 },
          { node: 'c', key: undefined, output: 5 },
        ],
        patches: [
          { op: 'add', path: ['log', 1], value: 'b' },
          { op: 'replace', path: ['n'], value: 3 },
        ],
      },
      { step: 3, nodes: [{ node: 'd', key: undefined, output: 9 }], patches: [{ op: 'add', path: ['log', 2], value: 'd' }] },
    ]);
  });

  it('send() tasks carry their keys; a step that changed nothing has no patches', async () => {
    const g = graph<string[], string[]>({ name: 'map' })
      .addNode('plan', (ids: string[]) => ids)
      .addNode('work', (id: string) => [id.toUpperCase()])
      .addEdge(START, 'plan')
      .addBranch('plan', (ids) => ids.map((id) => send('work', id, id)), ['work'])
      .addEdge('work', END)
      .compile();
    const updates = await lastValueFrom(g.run(['p', 'q']).updates().pipe(toArray()));
    expect(updates).toEqual([
      { step: 1, nodes: [{ node: 'plan', key: undefined, output: ['p', 'q'] }], patches: [] },
      {
        step: 2,
        nodes: [
          { node: 'work', key: 'p', output: ['P'] },
          { node: 'work', key: 'q', output: ['Q'] },
        ],
        patches: [],
      },
    ]);
  });

  it('across an interrupt and its resume: the stopped step yields nothing; the resume yields it with the node it ran', async () => {
    const store = new MemoryStore();
    const g = fanOut(store, true);
    const first = g.run(1, { threadId: 'i' });
    const before = lastValueFrom(first.updates().pipe(toArray()));
    const stopped = await first;
    expect(await before).toEqual([
      { step: 1, nodes: [{ node: 'a', key: undefined, output: 2 }], patches: [{ op: 'add', path: ['log', 0], value: 'a' }] },
    ]);
    const resumed = g.resume({ threadId: 'i', resume: { [stopped.interrupts[0]!.id]: 5 } });
    const after = lastValueFrom(resumed.updates().pipe(toArray()));
    await resumed;
    // b finished before the interrupt (its node.end was the first run's): only its state change is here.
    expect(await after).toEqual([
      {
        step: 2,
        nodes: [{ node: 'c', key: undefined, output: 7 }],
        patches: [
          { op: 'add', path: ['log', 1], value: 'b' },
          { op: 'replace', path: ['n'], value: 5 },
        ],
      },
      { step: 3, nodes: [{ node: 'd', key: undefined, output: 11 }], patches: [{ op: 'add', path: ['log', 2], value: 'd' }] },
    ]);
  });

  it("line up with values(): update i's patches turn value i into value i + 1", async () => {
    for (const g of [chain(new MemoryStore()), fanOut(new MemoryStore())]) {
      const run = g.run(1);
      const values = lastValueFrom(run.values().pipe(toArray()));
      const updates = lastValueFrom(run.updates().pipe(toArray()));
      await run;
      const [start, ...rest] = await values;
      let state: unknown = start;
      const replayed = (await updates).map((u) => (state = applyPatches(state as object, u.patches)));
      expect(replayed).toEqual(rest);
    }
  });
});

describe('stream modes build only the events they need', () => {
  it('values() alone builds run.start and step.end only; updates() adds node.end and state.patch, never node.start', async () => {
    const built = builtEvents();
    const alone = chain(new MemoryStore()).run(1, { threadId: 'v' });
    alone.values().subscribe();
    await alone;
    expect(built).toEqual(['run.start', 'step.end', 'step.end', 'step.end']);

    built.length = 0;
    const updates = chain(new MemoryStore()).run(1, { threadId: 'u' });
    updates.updates().subscribe();
    await updates;
    expect(built).toEqual([
      'node.end',
      'state.patch',
      'step.end',
      'node.end',
      'state.patch',
      'step.end',
      'node.end',
      'state.patch',
      'step.end',
    ]);

    built.length = 0;
    await chain(new MemoryStore()).run(1, { threadId: 'none' });
    expect(built).toEqual([]);
  });
});

describe('stream modes as async iterables', () => {
  it('for await yields the same values as the Observable, and loses nothing to a slow consumer', async () => {
    const run = fanOut(new MemoryStore()).run(1, { threadId: 'a' });
    const viaRx = lastValueFrom(run.values().pipe(toArray()));
    const viaIter: unknown[] = [];
    const steps: number[] = [];
    const iterating = (async () => {
      for await (const u of run.updates()) steps.push(u.step);
    })();
    for await (const v of run.values()) {
      await new Promise((r) => setImmediate(r));
      viaIter.push(v);
    }
    await iterating;
    expect(viaIter).toEqual(await viaRx);
    expect(viaIter).toHaveLength(4);
    expect(steps).toEqual([1, 2, 3]);
  });

  it('break unsubscribes (no more events are built), and the run still completes', async () => {
    const built = builtEvents();
    const gate = deferred();
    const g = graph<number, number, Log>({ name: 'gated', state: init })
      .addNode('a', async (x: number, ctx) => (await gate.promise, ctx.update((s) => void s.log.push('a')), x + 1))
      .addNode('b', (x: number) => x * 2)
      .addEdge(START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', END)
      .compile({ store: new MemoryStore() });
    const run = g.run(1, { threadId: 'b' });
    const seen: unknown[] = [];
    for await (const state of run.values()) {
      seen.push(state);
      break;
    }
    const builtAtBreak = built.length;
    gate.resolve();
    const res = await run;
    expect(seen).toEqual([{ log: [], n: 0 }]);
    expect(built.slice(builtAtBreak)).toEqual([]);
    expect(res).toMatchObject({ status: 'done', output: 4, state: { log: ['a'], n: 0 } });
  });

  it('a stream of a run that has ended completes at once', async () => {
    const run = chain().run(1);
    await run;
    let completed = false;
    run.values().subscribe({ complete: () => (completed = true) });
    expect(completed).toBe(true);
    expect(await run.updates()[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
  });
});
