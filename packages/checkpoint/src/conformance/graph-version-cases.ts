import type { CheckpointStore } from '../store/checkpoint-store.ts';
import type { StoredGraph } from '../store/stored-graph.ts';
import { conformanceEntry as entry } from './checkpoint-cases.ts';
import { codeOf, rejection, type CaseTools, type ConformanceCase } from './conformance-case.ts';

/** A store with all three graph methods. */
type GraphStore = CheckpointStore & Required<Pick<CheckpointStore, 'putGraph' | 'getGraph' | 'graphs'>>;

/** The cases need all three methods; a store with none is run with `{ graphs: false }`, one with some is incomplete. */
function graphStore(store: CheckpointStore): GraphStore {
  const missing = (['putGraph', 'getGraph', 'graphs'] as const).filter((m) => typeof store[m] !== 'function');
  if (missing.length > 0)
    throw new Error(
      `the store has no ${missing.join(', ')}: a store keeps graph versions with all three of putGraph, getGraph and graphs, or with none (then pass { graphs: false } to checkpointStoreConformance)`,
    );
  return store as GraphStore;
}

/** A graph's description as a compiled graph's toJSON() gives it, with `extra` fields that make two descriptions differ. */
function graph(name: string, hash: string, createdAt: number, extra: { version?: string; note?: string } = {}): StoredGraph {
  const nodes = [{ id: 'n', kind: 'lambda', trigger: 'any', annotations: { note: extra.note ?? 'first' } }];
  const json = JSON.stringify({ name, hash, nodes, edges: [{ from: '__start__', to: 'n', kind: 'edge' }] });
  return extra.version === undefined ? { name, hash, json, createdAt } : { name, hash, version: extra.version, json, createdAt };
}

/** This case's graphs among all the store lists (a store backed by a shared database lists other cases' too). */
async function own(store: GraphStore, t: CaseTools): Promise<StoredGraph[]> {
  const prefix = t.thread('');
  return (await store.graphs()).filter((g) => g.name.startsWith(prefix));
}

/** The message after `where: `, which names the store's own method. */
const reason = (err: unknown): string => {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(message.indexOf(': ') + 2);
};

const refused = async (t: CaseTools, call: Promise<unknown>, label: string): Promise<void> =>
  t.expect(codeOf(await rejection(call)), label).toBe('INVALID_ARGUMENT');

/**
 * Graph versions: each compiled graph's description, kept by (name, hash)
 * beside the checkpoints so any checkpoint can be read against the graph
 * that wrote it.
 */
export const GRAPH_VERSION_CASES: Record<string, ConformanceCase> = {
  'graph versions: a stored graph comes back as written, with or without a version': async (s, t) => {
    const store = graphStore(s);
    const name = t.thread('support');
    const [v1, v2] = [graph(name, 'h1', 1_700_000_000_000, { version: 'v1' }), graph(name, 'h2', 1_700_000_000_500)];
    await store.putGraph(v1);
    await store.putGraph(v2);
    t.expect(await store.getGraph(name, 'h1')).toEqual(v1);
    t.expect(await store.getGraph(name, 'h2')).toEqual(v2);
    t.expect(Object.keys((await store.getGraph(name, 'h2')) ?? {}).sort()).toEqual(['createdAt', 'hash', 'json', 'name']);
    t.expect(await store.graphs(name)).toEqual([v1, v2]);
  },
  'graph versions: the first write of a name and hash wins; later writes change nothing': async (s, t) => {
    const store = graphStore(s);
    const name = t.thread('support');
    const first = graph(name, 'h1', 1_700_000_000_000);
    await store.putGraph(first);
    await store.putGraph(graph(name, 'h1', 1_600_000_000_000, { version: 'v9', note: 'second' }));
    await store.putGraph({ ...graph(name, 'h1', 1_800_000_000_000, { note: 'third' }), extra: 'ignored' } as StoredGraph);
    t.expect(await store.getGraph(name, 'h1')).toEqual(first);
    t.expect(await store.graphs(name)).toEqual([first]);
  },
  'graph versions: writers racing on one name and hash all succeed and leave exactly one of their graphs': async (s, t) => {
    const store = graphStore(s);
    const name = t.thread('race');
    const tries = Array.from({ length: 6 }, (_, i) => graph(name, 'h1', 1_700_000_000_000 + i, { note: `writer ${i}` }));
    const results = await Promise.allSettled(tries.map((g) => store.putGraph(g)));
    t.expect(results.map((r) => r.status)).toEqual(tries.map(() => 'fulfilled'));
    const kept = await store.graphs(name);
    const winner = tries.find((g) => g.json === kept[0]?.json);
    t.expect(kept).toEqual(winner ? [winner] : ['one of the racing writers’ graphs']);
    t.expect(await store.getGraph(name, 'h1')).toEqual(winner);
  },
  'graph versions: graphs() lists oldest first (createdAt, then hash, then name) and filters by name': async (s, t) => {
    const store = graphStore(s);
    const [a, b] = [t.thread('a'), t.thread('b')];
    const written = [graph(b, 'h9', 300), graph(a, 'h0', 200), graph(a, 'h2', 100), graph(b, 'h1', 100), graph(a, 'h1', 100)];
    // By code point, whatever a database's collation says: 'H' < 'h', and U+FF01 < U+1F600 (UTF-16 code units say otherwise).
    const ties = ['h\u{1F600}', 'h\uFF01', 'ha', 'Hb'].map((hash) => graph(a, hash, 400));
    for (const g of [...written, ...ties]) await store.putGraph(g);
    const [b9, a0, a2, b1, a1] = written;
    const [emoji, bang, lower, upper] = ties;
    t.expect(await store.graphs(a)).toEqual([a1, a2, a0, upper, lower, bang, emoji]);
    t.expect(await store.graphs(b)).toEqual([b1, b9]);
    t.expect(await own(store, t)).toEqual([a1, b1, a2, a0, b9, upper, lower, bang, emoji]);
    t.expect(await store.graphs(t.thread('c'))).toEqual([]);
  },
  'graph versions: an unknown name or hash reads as undefined': async (s, t) => {
    const store = graphStore(s);
    const name = t.thread('known');
    await store.putGraph(graph(name, 'h1', 1));
    t.expect(await store.getGraph(name, 'h2')).toBeUndefined();
    t.expect(await store.getGraph(t.thread('unknown'), 'h1')).toBeUndefined();
    t.expect(await store.getGraph(name, 'H1')).toBeUndefined();
  },
  'graph versions: a large description (4 MB of JSON) round trips unchanged': async (s, t) => {
    const store = graphStore(s);
    const name = t.thread('large');
    const prompt = Array.from({ length: 4_000 }, (_, i) => `line ${i}: é ✓ 𝄞 "quoted" \\ ${'x'.repeat(i % 97)}\n`).join('');
    const big = graph(name, 'h1', 5, { note: prompt.repeat(Math.ceil(4_000_000 / prompt.length)) });
    t.expect(big.json.length > 4_000_000).toBe(true);
    await store.putGraph(big);
    const got = await store.getGraph(name, 'h1');
    t.expect(got?.json.length).toBe(big.json.length);
    t.expect(got?.json === big.json).toBe(true);
    t.expect({ ...got, json: '' }).toEqual({ ...big, json: '' });
  },
  'graph versions: a description that is not the graph’s own is refused with INVALID_ARGUMENT, and nothing is stored': async (s, t) => {
    const store = graphStore(s);
    const [name, other] = [t.thread('g'), t.thread('other')];
    const err = await rejection(store.putGraph({ ...graph(name, 'h1', 1), json: graph(other, 'h1', 1).json }));
    t.expect(codeOf(err)).toBe('INVALID_ARGUMENT');
    t.expect(reason(err)).toBe(
      `the json describes graph "${other}" with hash "h1", not graph "${name}" with hash "h1": store each graph's own JSON under its own name and hash`,
    );
    await refused(t, store.putGraph({ ...graph(name, 'h1', 1), json: graph(name, 'h2', 1).json }), 'json of another hash');
    t.expect(await own(store, t)).toEqual([]);
    // Once stored, a bad write of the same key is refused too, and the stored graph stays as it was.
    const stored = graph(name, 'h1', 1);
    await store.putGraph(stored);
    await refused(t, store.putGraph({ ...stored, json: '{"name":' }), 'json that does not parse');
    t.expect(await own(store, t)).toEqual([stored]);
  },
  'graph versions: malformed graphs and keys are refused with INVALID_ARGUMENT before anything is stored': async (s, t) => {
    const store = graphStore(s);
    const name = t.thread('g');
    const good = graph(name, 'h1', 1);
    const bad: Record<string, unknown> = {
      'not an object': 'graph',
      null: null,
      'empty name': { ...good, name: '' },
      'name not a string': { ...good, name: 7 },
      'no hash': { ...good, hash: undefined },
      'name with a NUL': { ...good, name: `${name}\0x` },
      'hash with a lone surrogate': { ...good, hash: 'h\uD800' },
      'empty version': { ...good, version: '' },
      'version not a string': { ...good, version: 2 },
      'json not a string': { ...good, json: JSON.parse(good.json) },
      'json an array': { ...good, json: '[]' },
      'json null': { ...good, json: 'null' },
      'json with a lone surrogate': { ...good, json: good.json.replace('first', '\uDC00') },
      'createdAt NaN': { ...good, createdAt: Number.NaN },
      'createdAt Infinity': { ...good, createdAt: Infinity },
      'createdAt a string': { ...good, createdAt: '1' },
    };
    for (const [label, value] of Object.entries(bad)) await refused(t, store.putGraph(value as StoredGraph), label);
    t.expect(await own(store, t)).toEqual([]);
    await refused(t, store.getGraph('', 'h1'), 'getGraph with an empty name');
    await refused(t, store.getGraph(name, undefined as unknown as string), 'getGraph without a hash');
    await refused(t, store.graphs(3 as unknown as string), 'graphs with a number');
  },
  'graph versions: deleting or pruning a thread leaves the graph versions': async (s, t) => {
    const store = graphStore(s);
    const [name, tid] = [t.thread('kept'), t.thread('thread')];
    const g = graph(name, 'h1', 1);
    await store.putGraph(g);
    for (let seq = 1; seq <= 3; seq++) await store.put(entry(tid, seq));
    t.expect(await store.deleteCheckpoints(tid, ['cp-1'])).toBe(1);
    await store.delete(tid);
    t.expect(await store.list(tid)).toEqual([]);
    t.expect(await store.getGraph(name, 'h1')).toEqual(g);
    t.expect(await store.graphs(name)).toEqual([g]);
  },
};
