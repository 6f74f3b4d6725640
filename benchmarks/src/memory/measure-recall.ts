import type { BenchBank } from './open-bench-bank.ts';
import type { RecallSet } from './recall-sets.ts';

/**
 * Recall@3 of a labelled set on a fresh bank: its facts put under
 * `['facts', topic]`, each question searched (vector mode) under `['facts']`
 * with limit 3; a hit when the answering fact is among the three.
 */
export async function measureRecall(b: BenchBank, set: RecallSet): Promise<{ hits: number; of: number; misses: string[] }> {
  for (const [topic, facts] of Object.entries(set.facts))
    for (const [key, text] of Object.entries(facts)) await b.bank.put(['facts', topic], key, { text });
  let hits = 0;
  const misses: string[] = [];
  for (const [query, topic, key] of set.queries) {
    const { items, mode } = await b.bank.search(['facts'], { query, limit: 3 });
    if (mode !== 'vector') throw new Error(`recall: search answered ${mode}, not vector`);
    if (items.some((i) => i.namespace[1] === topic && i.key === key)) hits++;
    else misses.push(`"${query}" (wanted ${topic}/${key}, got ${items.map((i) => `${i.namespace[1]}/${i.key}`).join(', ')})`);
  }
  return { hits, of: set.queries.length, misses };
}
