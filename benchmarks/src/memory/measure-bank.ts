import type { MemoryBank } from '@weft/memory';
import { benchFact, benchQuery, seeded, USERS, userNamespace } from './bench-facts.ts';
import { latency, type Latency } from './latency.ts';
import type { BenchBank } from './open-bench-bank.ts';

/** What one bank measured at one size. */
export interface BankMeasures {
  /** Seconds to put the N items (with the embedder; PostgreSQL 8 puts in flight, the others one at a time). */
  fillSeconds: number;
  putEmbedded: Latency;
  putPlain: Latency;
  /** Items a second over 1,000 sequential puts with the embedder. */
  putsPerSecond: number;
  get: Latency;
  keywordUser: Latency;
  keywordAll: Latency;
  vectorUser: Latency;
  vectorAll: Latency;
}

export interface MeasureOptions {
  size: number;
  /** Timed calls per put and get latency. */
  putSamples: number;
  /** Timed queries per search latency (at least 50). */
  querySamples: number;
  /** Puts in flight while filling. */
  fillConcurrency: number;
}

/**
 * Fills the bank with `size` facts, then times reads on exactly those items
 * (get, then keyword and vector search under one user and under the whole
 * tree), then writes of new items (single puts with and without the
 * embedder, then a batch of 1,000).
 */
export async function measureBank(b: BenchBank, o: MeasureOptions): Promise<BankMeasures> {
  const t0 = process.hrtime.bigint();
  await fill(b.bank, 0, o.size, o.fillConcurrency);
  const fillSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (b.fillPlain) await fill(b.plain, 0, o.size, o.fillConcurrency);

  const random = seeded(7);
  const get = await latency(o.putSamples, async () => {
    const { namespace, key } = benchFact(Math.floor(random() * o.size), random);
    if (!(await b.bank.get(namespace, key))) throw new Error(`get ${namespace.join('/')}/${key}: not found`);
  });
  const user = () => userNamespace(Math.floor(random() * USERS));
  const search = (prefix: () => string[], mode: 'keyword' | 'auto') =>
    latency(o.querySamples, async () => {
      const found = await b.bank.search(prefix(), { query: benchQuery(random), mode, limit: 10 });
      const want = mode === 'keyword' ? 'keyword' : 'vector';
      if (found.mode !== want) throw new Error(`search asked for ${mode} answered ${found.mode} (${found.fallback ?? ''})`);
    });
  const keywordUser = await search(user, 'keyword');
  const keywordAll = await search(() => ['users'], 'keyword');
  const vectorUser = await search(user, 'auto');
  const vectorAll = await search(() => ['users'], 'auto');

  let next = o.size;
  const putNew = (bank: MemoryBank) => async () => {
    const { namespace, key, value } = benchFact(next++, random);
    const done = await bank.put(namespace, key, value);
    if (done.status !== 'written') throw new Error(`put ${key}: ${done.status}`);
  };
  const putEmbedded = await latency(o.putSamples, putNew(b.bank));
  const putPlain = await latency(o.putSamples, putNew(b.plain));
  const t1 = process.hrtime.bigint();
  const batch = 1000;
  const one = putNew(b.bank);
  for (let i = 0; i < batch; i++) await one();
  const putsPerSecond = batch / (Number(process.hrtime.bigint() - t1) / 1e9);
  return { fillSeconds, putEmbedded, putPlain, putsPerSecond, get, keywordUser, keywordAll, vectorUser, vectorAll };
}

/** Puts facts `from` … `to - 1`, `concurrency` at a time. */
async function fill(bank: MemoryBank, from: number, to: number, concurrency: number): Promise<void> {
  const random = seeded(1);
  const facts = (n: number) => benchFact(n, random);
  for (let n = from; n < to; n += concurrency) {
    const wave = Array.from({ length: Math.min(concurrency, to - n) }, (_, j) => facts(n + j));
    await Promise.all(wave.map(({ namespace, key, value }) => bank.put(namespace, key, value)));
  }
}
