import { describe, expect, it } from 'vitest';
import {
  END,
  START,
  graph,
  MemoryStore,
  decodeCheckpoint,
  decodeValue,
  encodeCheckpoint,
  encodeValue,
  type CheckpointRecord,
} from '../index.ts';
import { checkpointRecord } from '@weft/checkpoint/conformance';

/** a → END; `a` stores what `value()` gives at state.v, and outputs `output()`. */
const build = (store: MemoryStore, value: () => unknown, output: () => unknown = () => 1) =>
  graph<number, unknown, { v: unknown }>({ name: 'values', state: () => ({ v: null }) })
    .addNode('a', (_: number, ctx) => (ctx.set(['v'], value()), output()))
    .addEdge(START, 'a')
    .addEdge('a', END)
    .compile({ store });

/** A snapshot record holding `full`, as the writer writes it. */
const snapshot = (full: unknown): CheckpointRecord => checkpointRecord({ createdAt: 1, state: { full } });
const roundTrip = (full: unknown): unknown => (decodeCheckpoint(encodeCheckpoint(snapshot(full)), 'copy').state as { full: unknown }).full;

/** RegExp#exec gives an array with `index`, `input` and `groups` besides its items. */
const match = /b(?<rest>c)/.exec('abc')!;

describe('values that came back changed without a rule: refused, or a documented rule', () => {
  it.each([
    ['a String object (a boxed primitive)', () => ({ s: new String('x') }), 'state.v.s'],
    ['a Number object (a boxed primitive)', () => [new Number(1)], 'state.v[0]'],
    ['a Boolean object (a boxed primitive)', () => ({ b: new Boolean(false) }), 'state.v.b'],
    ['a BigInt object (a boxed primitive)', () => ({ n: Object(1n) as object }), 'state.v.n'],
  ])(
    '%s is refused when written (CHECKPOINT_UNSERIALIZABLE, naming where); the thread keeps its last checkpoint',
    async (what, value, at) => {
      const store = new MemoryStore();
      const res = await build(store, value).run(1, { threadId: 't' });
      expect(res.error).toMatchObject({ code: 'CHECKPOINT_UNSERIALIZABLE', details: { what, at } });
      expect(res.error?.message).toContain(`cannot hold ${what} (at ${at})`);
      expect(res.error?.message).toContain('a boxed primitive with valueOf()');
      expect((await store.list('t')).map((e) => e.step)).toEqual([0]);
      // encodeValue (distributed tasks) applies the same rule.
      expect(() => encodeValue(value())).toThrow(
        expect.objectContaining({ code: 'CHECKPOINT_UNSERIALIZABLE', details: { what, at: expect.any(String) } }),
      );
    },
  );

  it('a node output of such a value names the node', async () => {
    const res = await build(
      new MemoryStore(),
      () => null,
      () => ({ text: new String('done') }),
    ).run(1, { threadId: 't' });
    expect(res.error).toMatchObject({
      code: 'CHECKPOINT_UNSERIALIZABLE',
      details: { what: 'a String object (a boxed primitive)' },
    });
  });

  it('the primitives themselves round-trip exactly', () => {
    const value = { s: 'x', n: 1, b: false, big: 1n };
    expect(roundTrip(value)).toEqual(value);
    expect(decodeValue(encodeValue(value), 'value')).toEqual(value);
  });

  it('an array comes back as its items only: a RegExp match loses index, input and groups (documented)', () => {
    const back = roundTrip({ found: match, list: Object.assign([1, 2], { note: 'x' }) }) as { found: string[]; list: number[] };
    expect(back).toEqual({ found: ['bc', 'c'], list: [1, 2] });
    expect(Object.keys(back.found)).toEqual(['0', '1']);
    expect(Object.keys(back.list)).toEqual(['0', '1']);
    expect(decodeValue(encodeValue(match), 'value')).toEqual(['bc', 'c']);
  });

  it('an object without a prototype comes back as a plain object with the same keys (documented)', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, {
      a: 1,
      nested: Object.assign(Object.create(null) as object, { b: [2] }),
    });
    const back = roundTrip({ bare }) as { bare: Record<string, unknown> };
    expect(Object.getPrototypeOf(back.bare)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(back.bare['nested'])).toBe(Object.prototype);
    expect(JSON.stringify(back)).toBe('{"bare":{"a":1,"nested":{"b":[2]}}}');
  });

  it('symbol-keyed properties are not kept, as with JSON.stringify (documented); string keys are', () => {
    const tagged = { a: 1, [Symbol('meta')]: 'dropped' };
    const back = roundTrip({ tagged }) as { tagged: object };
    expect(back).toEqual({ tagged: { a: 1 } });
    expect(Object.getOwnPropertySymbols(back.tagged)).toEqual([]);
  });
});
