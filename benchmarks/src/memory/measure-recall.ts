import type { BenchBank } from './open-bench-bank.ts';
import { measureRecall as recallOf, type RecallSet } from '@weft/memory/conformance';

/**
 * Recall@3 of a labelled set on a fresh bank: its facts put under
 * `['facts', topic]`, each question searched (vector mode) under `['facts']`
 * with limit 3; a hit when the answering fact is among the three.
 */
export async function measureRecall(b: BenchBank, set: RecallSet): Promise<{ hits: number; of: number; misses: string[] }> {
  const { hits, of, misses } = await recallOf(b.bank, set);
  return { hits, of, misses };
}
