import { describe, expect, it } from 'vitest';
import { checkGraphKey, checkStoredGraph, storedGraphOrder, type StoredGraph } from './stored-graph.ts';

const json = (name: unknown, hash: unknown) => JSON.stringify({ name, hash, nodes: [], edges: [] });
const good: StoredGraph = { name: 'support', hash: 'abc', version: 'v2', json: json('support', 'abc'), createdAt: 1 };
const where = 'Store.putGraph()';

function refusal(value: unknown): { code?: unknown; message: string; details?: unknown } {
  try {
    checkStoredGraph(value, where);
  } catch (err) {
    return err as { code?: unknown; message: string; details?: unknown };
  }
  throw new Error('expected checkStoredGraph to refuse the value');
}

describe('checkStoredGraph', () => {
  it('accepts a graph whose json is its own, with or without a version', () => {
    expect(() => checkStoredGraph(good, where)).not.toThrow();
    const { version: _, ...unversioned } = good;
    expect(() => checkStoredGraph(unversioned, where)).not.toThrow();
  });

  it('names what is wrong and what to pass instead', () => {
    expect(refusal(null)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `${where}: pass a graph as { name, hash, version?, json, createdAt }`,
    });
    expect(refusal({ ...good, name: '' })).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `${where}: the graph's name must be a non-empty string`,
    });
    expect(refusal({ ...good, hash: 'a\0b' })).toMatchObject({ message: `${where}: the graph's hash must not contain a NUL character` });
    expect(refusal({ ...good, version: '' })).toMatchObject({
      message: `${where}: the version of graph "support" must be a non-empty string when given, without NUL characters or lone surrogates`,
    });
    expect(refusal({ ...good, createdAt: Number.NaN })).toMatchObject({
      message: `${where}: createdAt of graph "support" must be a finite number (ms since the epoch)`,
    });
    expect(refusal({ ...good, json: '{' }).message).toMatch(
      /^Store\.putGraph\(\): the json of graph "support" is not JSON text \(.+\): pass JSON.stringify of the graph's toJSON\(\)$/,
    );
    expect(refusal({ ...good, json: '[1]' })).toMatchObject({
      message: `${where}: the json of graph "support" must be a JSON object (the graph's toJSON()), got an array`,
    });
    expect(refusal({ ...good, json: json('billing', 'abc') })).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: `${where}: the json describes graph "billing" with hash "abc", not graph "support" with hash "abc": store each graph's own JSON under its own name and hash`,
      details: { name: 'support', hash: 'abc', jsonName: '"billing"', jsonHash: '"abc"' },
    });
    expect(refusal({ ...good, json: json(undefined, { x: 1 }) }).message).toBe(
      `${where}: the json describes graph undefined with hash an object, not graph "support" with hash "abc": store each graph's own JSON under its own name and hash`,
    );
  });
});

describe('checkGraphKey', () => {
  it('refuses what no store could have kept', () => {
    expect(() => checkGraphKey('support', 'name', 'Store.graphs()')).not.toThrow();
    expect(() => checkGraphKey(7, 'name', 'Store.graphs()')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: `Store.graphs(): the graph's name must be a non-empty string` }),
    );
    expect(() => checkGraphKey('h\uD800', 'hash', 'Store.getGraph()')).toThrow(
      expect.objectContaining({
        message: `Store.getGraph(): the graph's hash must be well-formed Unicode text (it has a lone surrogate)`,
      }),
    );
  });
});

describe('storedGraphOrder', () => {
  it('orders by createdAt, then hash, then name, by code point', () => {
    const g = (name: string, hash: string, createdAt: number): StoredGraph => ({ name, hash, json: json(name, hash), createdAt });
    const list = [g('b', 'h1', 1), g('a', 'h\u{1F600}', 1), g('a', 'h\uFF01', 1), g('a', 'h1', 1), g('z', 'h0', 0)];
    expect(list.sort(storedGraphOrder).map((x) => `${x.createdAt}/${x.hash}/${x.name}`)).toEqual([
      '0/h0/z',
      '1/h1/a',
      '1/h1/b',
      '1/h\uFF01/a',
      '1/h\u{1F600}/a',
    ]);
  });
});
