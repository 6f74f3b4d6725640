import type { Embedder } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import { cachedEmbedder } from './cached-embedder.ts';
import { cosine } from './cosine.ts';
import { hashEmbedder } from './hash-embedder.ts';

describe('hashEmbedder', () => {
  it('gives the same unit vectors on every call, near for shared words and unrelated for none', async () => {
    const e = hashEmbedder({ dimensions: 256 });
    const [a, b, c, again] = await e.embed([
      'the cat sat on the mat',
      'a cat sat on a mat',
      'quarterly revenue grew',
      'the cat sat on the mat',
    ]);
    expect(again).toEqual(a);
    expect(a).toHaveLength(256);
    expect(Math.abs(cosine(a!, a!) - 1)).toBeLessThan(1e-9);
    expect(cosine(a!, b!)).toBeGreaterThan(0.4);
    expect(Math.abs(cosine(a!, c!))).toBeLessThan(0.3);
    expect(await e.embed([''])).toEqual([new Array(256).fill(0)]);
    expect(() => hashEmbedder({ dimensions: 1 })).toThrow(/dimensions must be an integer from 2 to 4096/);
  });
});

describe('cachedEmbedder', () => {
  it('asks the inner embedder only for texts it has not seen, once each, and keeps at most `max`', async () => {
    const asked: string[][] = [];
    const inner: Embedder = { name: 'len', dimensions: 1, embed: async (texts) => (asked.push([...texts]), texts.map((t) => [t.length])) };
    const e = cachedEmbedder(inner, { max: 2 });
    expect(await e.embed(['a', 'bb', 'a'])).toEqual([[1], [2], [1]]);
    expect(await e.embed(['bb', 'a'])).toEqual([[2], [1]]);
    expect(asked).toEqual([['a', 'bb']]);
    expect(await e.embed(['ccc'])).toEqual([[3]]);
    expect(e.cached).toBe(2);
    expect(await e.embed(['a'])).toEqual([[1]]); // the oldest went out
    expect(asked).toEqual([['a', 'bb'], ['ccc'], ['a']]);
    expect([e.name, e.dimensions]).toEqual(['len', 1]);
  });
});
