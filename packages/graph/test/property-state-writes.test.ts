/**
 * Property: the writes of the nodes of one step either commute, combine
 * through a reducer, or fail the step with STATE_CONFLICT — never does one
 * silently replace another — and the outcome is the same in one go and when
 * one of the nodes stops at an interrupt first and is resumed (its finished
 * siblings' writes then come from the checkpoint).
 *
 * Random steps: 2–4 nodes fan out from START to a join, each making 1–3
 * writes from a small vocabulary (set a top-level key, set or remove a nested
 * key, replace the nested object, push to a list, insert at its start,
 * remove its first item, replace the list, increment a counter that has a
 * sum reducer), through recipes or path writes (ctx.set, ctx.append,
 * ctx.remove). The model is independent of patches: two nodes collide when
 * they write the same place or one writes inside what the other replaced
 * (pushes and increments excepted); an insert into or a removal from the
 * list shifts its items, so it writes the whole list (docs/graph/state.md);
 * without a collision the state equals applying every node's writes one
 * after the other, in node order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { END, MemoryStore, START, graph, interrupt, type NodeContext } from '../src/index.ts';

interface S {
  a: string;
  b: string;
  obj: { x?: string; y?: string };
  list: string[];
  n: number;
}
const initial = (): S => ({ a: 'a0', b: 'b0', obj: { x: 'x0', y: 'y0' }, list: ['l0'], n: 0 });

type Op =
  | { k: 'set'; key: 'a' | 'b'; fast: boolean }
  | { k: 'nested'; key: 'x' | 'y'; fast: boolean }
  | { k: 'replaceObj' }
  | { k: 'unset'; key: 'x' | 'y'; fast: boolean }
  | { k: 'push'; fast: boolean }
  | { k: 'insert' }
  | { k: 'shift'; fast: boolean }
  | { k: 'resetList' }
  | { k: 'inc' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('set' as const), key: fc.constantFrom('a' as const, 'b' as const), fast: fc.boolean() }),
  fc.record({ k: fc.constant('nested' as const), key: fc.constantFrom('x' as const, 'y' as const), fast: fc.boolean() }),
  fc.record({ k: fc.constant('replaceObj' as const) }),
  fc.record({ k: fc.constant('unset' as const), key: fc.constantFrom('x' as const, 'y' as const), fast: fc.boolean() }),
  fc.record({ k: fc.constant('push' as const), fast: fc.boolean() }),
  fc.record({ k: fc.constant('insert' as const) }),
  fc.record({ k: fc.constant('shift' as const), fast: fc.boolean() }),
  fc.record({ k: fc.constant('resetList' as const) }),
  fc.record({ k: fc.constant('inc' as const) }),
);

/**
 * Applies one write, as a node (ctx) or as the model (a plain mutable state).
 * A removal of something the node's view lacks (its own earlier removal took
 * it) is skipped, by both: the node already wrote that place.
 */
function write(o: Op, tag: string, ctx: NodeContext<S> | undefined, model: S | undefined): void {
  const recipe = (s: S) => {
    if (o.k === 'set') s[o.key] = tag;
    else if (o.k === 'nested') s.obj[o.key] = tag;
    else if (o.k === 'unset') delete s.obj[o.key];
    else if (o.k === 'replaceObj') s.obj = { x: tag, y: tag };
    else if (o.k === 'push') s.list.push(tag);
    else if (o.k === 'insert') s.list.splice(0, 0, tag);
    else if (o.k === 'shift') s.list.splice(0, 1);
    else if (o.k === 'resetList') s.list = [tag];
    else s.n += 1;
  };
  const view = model ?? ctx!.state;
  if ((o.k === 'unset' && !Object.hasOwn(view.obj, o.key)) || (o.k === 'shift' && view.list.length === 0)) return;
  if (model) return recipe(model);
  const fast = 'fast' in o && o.fast;
  if (fast && o.k === 'set') ctx!.set([o.key], tag);
  else if (fast && o.k === 'nested') ctx!.set(['obj', o.key], tag);
  else if (fast && o.k === 'unset') ctx!.remove(['obj', o.key]);
  else if (fast && o.k === 'push') ctx!.append(['list'], tag);
  else if (fast && o.k === 'shift') ctx!.remove(['list', 0]);
  else ctx!.update((d) => void recipe(d as S));
}

/** Where a write lands, for the model: a path, and whether several nodes may do it (push, inc). */
function place(o: Op): { path: string[]; shared: boolean } {
  if (o.k === 'set') return { path: [o.key], shared: false };
  if (o.k === 'nested' || o.k === 'unset') return { path: ['obj', o.key], shared: false };
  if (o.k === 'replaceObj') return { path: ['obj'], shared: false };
  if (o.k === 'push') return { path: ['list', '<end>'], shared: true };
  if (o.k === 'insert' || o.k === 'shift' || o.k === 'resetList') return { path: ['list'], shared: false };
  return { path: ['n'], shared: true };
}

const prefix = (p: string[], q: string[]) => p.length <= q.length && p.every((k, i) => q[i] === k);

function modelCollides(nodes: Op[][]): boolean {
  for (let i = 0; i < nodes.length; i++)
    for (let j = i + 1; j < nodes.length; j++)
      for (const o of nodes[i]!)
        for (const p of nodes[j]!) {
          const [a, b] = [place(o), place(p)];
          const same = a.path.join('/') === b.path.join('/');
          if (same && a.shared && b.shared) continue;
          if (same || prefix(a.path, b.path) || prefix(b.path, a.path)) return true;
        }
  return false;
}

function build(nodes: Op[][], store: MemoryStore, asks: number) {
  let g = graph<number, unknown, S>({ name: 'writes', state: initial, reducers: { n: (current, mine, base) => current + (mine - base) } });
  nodes.forEach((ops, i) => {
    g = g.addNode(`w${i}`, (x: number, ctx) => {
      if (i === asks) interrupt('go?');
      ops.forEach((o, j) => write(o, `${i}.${j}`, ctx, undefined));
      return x;
    });
  });
  g = g.addNode('join', (x: unknown) => x, { trigger: 'all' });
  nodes.forEach((_, i) => (g = g.addEdge(START, `w${i}`).addEdge(`w${i}`, 'join')));
  return g.addEdge('join', END).compile({ store });
}

const outcome = (res: { status: string; state: S; error?: { code: string; details: unknown } | undefined }) =>
  res.status === 'done' ? { state: res.state } : { error: res.error!.code, details: res.error!.details };

describe('property: concurrent state writes commute, reduce or conflict — never lose an update', () => {
  it('matches the model, identically in one go and across an interrupt and resume', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 }),
        fc.nat(),
        async (nodes, pick) => {
          const store = new MemoryStore();
          const fresh = outcome(await build(nodes, store, -1).run(0, { threadId: 'fresh' }));
          const asks = pick % nodes.length;
          const paused = await build(nodes, store, asks).run(0, { threadId: 'paused' });
          expect(paused.status).toBe('interrupted');
          const resumed = outcome(await build(nodes, store, asks).resume({ threadId: 'paused', resume: { [`w${asks}#0`]: true } }));
          expect(resumed).toEqual(fresh);
          if (modelCollides(nodes)) {
            expect(fresh).toMatchObject({ error: 'STATE_CONFLICT' });
            return;
          }
          const model = initial();
          nodes.forEach((ops, i) => ops.forEach((o, j) => write(o, `${i}.${j}`, undefined, model)));
          expect(fresh).toEqual({ state: model });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
