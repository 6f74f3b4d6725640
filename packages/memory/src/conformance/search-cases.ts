import { hashEmbedder } from '../embed/hash-embedder.ts';
import type { BankCase } from './conformance-case.ts';
import { codeOf, rejection } from './conformance-case.ts';

const NOTES: Record<string, unknown> = {
  both: { text: 'Alpha and beta are both here', kind: 'note' },
  alpha: { text: 'Only alpha, twice: ALPHA', kind: 'note' },
  none: { text: 'Nothing to see', kind: 'note' },
  pref: { text: 'alpha beta gamma', kind: 'pref' },
  cafe: { text: 'Le café est fermé', kind: 'note' },
};

/** Keyword, vector and recent search. */
export const SEARCH_CASES: Record<string, BankCase> = {
  'keyword search finds items holding any of the words, case-insensitively, the ones with more of them first, and says why it used keywords':
    async (t) => {
      const bank = await t.open();
      const ns = t.ns('kw');
      for (const [key, value] of Object.entries(NOTES)) await bank.put(ns, key, value as never);
      const found = await bank.search(ns, { query: 'Beta ALPHA', filter: { kind: 'note' } });
      t.expect(found.mode).toBe('keyword');
      t.expect(found.fallback).toBe('this bank has no embedder: keyword search');
      t.expect(found.items.map((i) => i.key)).toEqual(['both', 'alpha']);
      t.expect(found.items.every((i) => i.score > 0 && i.score < 1)).toBe(true);
      t.expect((await bank.search(ns, { query: 'café' })).items.map((i) => i.key)).toEqual(['cafe']);
      t.expect((await bank.search(ns, { query: 'cafe' })).items.map((i) => i.key)).toEqual([]);
      t.expect((await bank.search(ns, { query: 'zeta' })).items).toEqual([]);
      t.expect((await bank.search(ns, { query: 'alpha', limit: 1, filter: { kind: 'pref' } })).items.map((i) => i.key)).toEqual(['pref']);
      t.expect((await bank.search(ns, { query: '"alpha" OR * NEAR(; --' })).items.map((i) => i.key).sort()).toEqual([
        'alpha',
        'both',
        'pref',
      ]);
    },

  'an item stored with index: false or only some fields is searched by those alone, and still listed': async (t) => {
    const bank = await t.open();
    const ns = t.ns('idx');
    await bank.put(ns, 'hidden', { text: 'alpha' }, { index: false });
    await bank.put(ns, 'title', { title: 'gamma', body: 'alpha' }, { index: ['title'] });
    await bank.put(ns, 'body', { title: 'delta', body: 'alpha' }, { index: ['body'] });
    t.expect((await bank.search(ns, { query: 'alpha' })).items.map((i) => i.key)).toEqual(['body']);
    t.expect((await bank.search(ns, { query: 'gamma' })).items.map((i) => i.key)).toEqual(['title']);
    t.expect((await bank.list(ns)).items.map((i) => i.key)).toEqual(['body', 'hidden', 'title']);
  },

  'without a query, search returns the newest items that match the filter, with score 1': async (t) => {
    const bank = await t.open();
    const ns = t.ns('recent');
    for (const key of ['a', 'b', 'c']) {
      await bank.put(ns, key, { kind: key === 'b' ? 'x' : 'y' });
      t.clock.advance(10);
    }
    await bank.put(ns, 'a', { kind: 'y' });
    const found = await bank.search(ns, { filter: { kind: 'y' } });
    t.expect([found.mode, found.items.map((i) => [i.key, i.score])]).toEqual([
      'recent',
      [
        ['a', 1],
        ['c', 1],
      ],
    ]);
  },

  'with an embedder, search ranks by the cosine of the embeddings, honours minScore and filters, and keyword mode still works': async (
    t,
  ) => {
    const bank = await t.open({ embedder: hashEmbedder({ dimensions: 512 }) });
    const ns = t.ns('vec');
    await bank.put(ns, 'plan', { text: 'the customer is on the pro plan', kind: 'fact' });
    await bank.put(ns, 'color', { text: 'favourite colour is green', kind: 'fact' });
    await bank.put(ns, 'lang', { text: 'prefers answers in french', kind: 'pref' });
    await bank.put(ns, 'silent', { text: 'pro plan' }, { index: false });
    const found = await bank.search(ns, { query: 'which plan is the customer on' });
    t.expect(found.mode).toBe('vector');
    t.expect(found.fallback).toBeUndefined();
    t.expect(found.items[0]!.key).toBe('plan');
    t.expect(found.items.map((i) => i.key).sort()).toEqual(['color', 'lang', 'plan']);
    t.expect(found.items[0]!.score > found.items[1]!.score).toBe(true);
    t.expect(found.items[0]!.score <= 1 + 1e-9).toBe(true);
    const close = await bank.search(ns, { query: 'which plan is the customer on', minScore: 0.3 });
    t.expect(close.items.map((i) => i.key)).toEqual(['plan']);
    t.expect((await bank.search(ns, { query: 'customer plan', filter: { kind: 'pref' } })).items.map((i) => i.key)).toEqual(['lang']);
    const words = await bank.search(ns, { query: 'green', mode: 'keyword' });
    t.expect([words.mode, words.fallback, words.items.map((i) => i.key)]).toEqual(['keyword', undefined, ['color']]);
  },

  'an embedder that fails or answers with the wrong shape is EMBEDDING_FAILED, and nothing is written': async (t) => {
    const failing = await t.open({
      embedder: {
        name: 'down',
        embed: async () => {
          throw new Error('503 from the provider');
        },
      },
    });
    const ns = t.ns('emb');
    t.expect(codeOf(await rejection(failing.put(ns, 'k', 'text')))).toBe('EMBEDDING_FAILED');
    t.expect(await failing.get(ns, 'k')).toBeUndefined();
    t.expect(codeOf(await rejection(failing.search(ns, { query: 'text' })))).toBe('EMBEDDING_FAILED');
    const short = await t.open({ embedder: { name: 'short', dimensions: 3, embed: async (texts) => texts.map(() => [1, 2]) } });
    t.expect(codeOf(await rejection(short.put(ns, 'k', 'text')))).toBe('EMBEDDING_FAILED');
    t.expect((await short.put(ns, 'k', 'text', { index: false })).status).toBe('written');
  },
};
