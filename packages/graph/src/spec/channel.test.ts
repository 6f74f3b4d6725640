import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { lastValueFrom, toArray } from 'rxjs';
import { END, START, channel, graph, MemoryStore, send, type ChannelMessage, type GraphEvent } from '../index.ts';
import { collect, deferred, trace } from '../../test/support/collect.ts';
import { EventHub } from '../events/event-hub.ts';
import { EventRun } from '../events/event-run.ts';
import { RunStream } from '../events/run-stream.ts';

const progress = channel<{ done: number }>('test.progress');
const notes = channel<string>('test.notes');

/** One node that publishes on two channels and emits an untyped value. */
const publisher = () =>
  graph<number, number>({ name: 'pub' })
    .addNode('work', (n: number, ctx) => {
      ctx.emit(progress, { done: n });
      ctx.emit(notes, `note ${n}`);
      ctx.emit({ plain: n });
      ctx.emit(progress, { done: n + 1 });
      return n;
    })
    .addEdge(START, 'work')
    .addEdge('work', END)
    .compile();

/** The types of the graph events built during a run (EventHub.emit of events that have a runId). */
function builtEvents() {
  const types: string[] = [];
  const emit = EventHub.prototype.emit;
  vi.spyOn(EventHub.prototype, 'emit').mockImplementation(function (this: EventHub<unknown>, event: unknown) {
    if (event !== null && typeof event === 'object' && 'runId' in event) types.push(String((event as Record<string, unknown>)['type']));
    emit.call(this, event);
  });
  return types;
}

afterEach(() => vi.restoreAllMocks());

describe('typed channels', () => {
  it('ctx.emit(channel, data) is a node.custom event with the channel’s name; run.channel() reads one channel back, typed, in order', async () => {
    const run = publisher().run(1);
    const custom: GraphEvent[] = [];
    run.only('node.custom').subscribe((e) => custom.push(e));
    const messages = lastValueFrom(run.channel(progress).pipe(toArray()));
    await run;
    const got = await messages;
    expectTypeOf(got).toEqualTypeOf<ChannelMessage<{ done: number }>[]>();
    expect(got.map(({ channel: name, data, node, key, step, path }) => ({ name, data, node, key, step, path }))).toEqual([
      { name: 'test.progress', data: { done: 1 }, node: 'work', key: undefined, step: 1, path: [] },
      { name: 'test.progress', data: { done: 2 }, node: 'work', key: undefined, step: 1, path: [] },
    ]);
    // The untyped emit has no channel field at all: its JSON is what it always was.
    expect(custom.map((e) => (e.type === 'node.custom' ? [e.channel, e.data] : undefined))).toEqual([
      ['test.progress', { done: 1 }],
      ['test.notes', 'note 1'],
      [undefined, { plain: 1 }],
      ['test.progress', { done: 2 }],
    ]);
    expect(custom[2]).not.toHaveProperty('channel');
  });

  it('run.channel() builds custom events only, and a run nobody listens to builds none', async () => {
    const built = builtEvents();
    const run = publisher().run(1);
    const got: string[] = [];
    run.channel(notes).subscribe(({ data }) => got.push(data));
    await run;
    expect(got).toEqual(['note 1']);
    expect(built).toEqual(['node.custom', 'node.custom', 'node.custom', 'node.custom']);
    built.length = 0;
    await publisher().run(2);
    expect(built).toEqual([]);
  });

  it('a channel message is an ordinary node.custom line of a run log', async () => {
    const { events } = await collect(publisher().run(3));
    const line = JSON.parse(JSON.stringify(events.find((e) => e.type === 'node.custom')));
    expect(line).toMatchObject({ type: 'node.custom', node: 'work', channel: 'test.progress', data: { done: 3 }, step: 1, path: [] });
  });

  it('refuses a first argument that is not a channel, whether or not anyone listens; channel() needs a name', async () => {
    const bad = graph<number, number>({ name: 'bad' })
      .addNode('work', (n: number, ctx) => (ctx.emit('progress' as never, n), n))
      .addEdge(START, 'work')
      .addEdge('work', END)
      .compile();
    for (const listening of [false, true]) {
      const run = bad.run(1);
      if (listening) run.channel(progress).subscribe();
      const res = await run;
      // The node's own WeftError is the run's error, as it is.
      expect(res.status).toBe('error');
      expect(res.error).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: 'emit(channel, data) takes a channel made by channel(name) first, got a string',
      });
    }
    expect(() => channel('')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() =>
      publisher()
        .run(1)
        .channel({} as never),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'run.channel(channel) takes a channel made by channel(name) first, got an object without a name',
      }),
    );
  });
});

describe('a branch route publishing at the barrier', () => {
  /** plan → one `work` task per id; each task's route publishes what it routed; `done` gets the merged results. */
  function mapGraph(gates: Record<string, Promise<void>>) {
    return graph<string[], string[], { seen: string[] }>({ name: 'map', state: () => ({ seen: [] }) })
      .addNode('plan', (ids: string[]) => ids)
      .addNode('work', async (id: string, ctx) => {
        await gates[id];
        ctx.emit(notes, `ran ${id}`);
        ctx.append(['seen'], id);
        return [id];
      })
      .addNode('done', (ids: string[]) => ids)
      .addEdge(START, 'plan')
      .addBranch('plan', (ids) => ids.map((id) => send('work', id, id)), ['work'])
      .addBranch(
        'work',
        (out: string[], state, at) => {
          // The route sees every task's state change of the step, whichever finished first.
          at.emit(notes, `routed ${at.key} at step ${at.step}, seen ${state.seen.join('+')}`);
          return 'done';
        },
        ['done'],
      )
      .addEdge('done', END)
      .compile({ store: new MemoryStore() });
  }

  it('its messages come after every task of the step finished, in send order, before the step’s state.patch', async () => {
    const a = deferred();
    const b = deferred();
    const run = mapGraph({ a: a.promise, b: b.promise }).run(['a', 'b'], { threadId: 't' });
    const events: GraphEvent[] = [];
    run.subscribe((e) => events.push(e));
    const notesSeen = lastValueFrom(run.channel(notes).pipe(toArray()));
    // b finishes first.
    setImmediate(() => {
      b.resolve();
      setImmediate(() => a.resolve());
    });
    const res = await run;
    expect(res).toMatchObject({ status: 'done', output: ['a', 'b'], state: { seen: ['a', 'b'] } });
    expect((await notesSeen).map((m) => [m.node, m.key, m.data])).toEqual([
      ['work', 'b', 'ran b'],
      ['work', 'a', 'ran a'],
      ['work', 'a', 'routed a at step 2, seen a+b'],
      ['work', 'b', 'routed b at step 2, seen a+b'],
    ]);
    expect(trace(events).filter((t) => t.startsWith('2 '))).toEqual([
      '2 step.start [work,work]',
      '2 node.start work',
      '2 node.start work',
      '2 node.custom work',
      '2 node.end work',
      '2 node.custom work',
      '2 node.end work',
      '2 node.custom work',
      '2 node.custom work',
      '2 state.patch',
      '2 checkpoint.write',
      '2 step.end [work,work]',
    ]);
  });

  it('a route that does not use the context routes as before; nothing is built when nobody listens', async () => {
    const built = builtEvents();
    const res = await mapGraph({}).run(['x'], { threadId: 'quiet' });
    expect(res).toMatchObject({ status: 'done', output: ['x'] });
    expect(built).toEqual([]);
  });
});

describe('an EventRun made from an Observable', () => {
  it('subscribes it once, at once, and fans it out to subscribers and iterators; its errors reach both', async () => {
    let subscriptions = 0;
    const source = new RunStream<number>((out) => {
      subscriptions++;
      void Promise.resolve().then(() => {
        out.next(1);
        out.next(2);
        out.complete();
      });
    });
    const run = new EventRun(source, Promise.resolve('done'));
    const seen: number[] = [];
    run.subscribe((n) => seen.push(n));
    const iterated: number[] = [];
    for await (const n of run) iterated.push(n);
    expect([seen, iterated, subscriptions, await run]).toEqual([[1, 2], [1, 2], 1, 'done']);

    const failing = new EventRun(
      new RunStream<number>((out) => void Promise.resolve().then(() => out.error(new Error('gone')))),
      Promise.reject(new Error('gone')),
    );
    await expect(lastValueFrom(failing)).rejects.toThrow('gone');
    await expect(failing).rejects.toThrow('gone');
  });
});
