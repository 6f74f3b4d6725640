import { describe, expect, it } from 'vitest';
import { measureRecall, memoryBankConformance, RECALL_SETS } from '../conformance.ts';
import { hashEmbedder } from '../embed/hash-embedder.ts';
import { InMemoryBank } from './in-memory-bank.ts';

memoryBankConformance('InMemoryBank', (options) => new InMemoryBank(options), { describe, it, expect });

describe('recall@3 of the labelled sets with hashEmbedder (256 dimensions)', () => {
  it('is 9 of 9 on billing-travel-health and 8 of 9 on travel-cooking-work, the same figures the SQL banks give', async () => {
    const figures = [];
    for (const set of RECALL_SETS)
      figures.push(await measureRecall(new InMemoryBank({ embedder: hashEmbedder({ dimensions: 256 }) }), set));
    expect(figures.map((f) => [f.hits, f.of])).toEqual([
      [9, 9],
      [8, 9],
    ]);
    expect(figures[1]!.misses).toEqual([expect.stringMatching(/^"How much water for the rice\?" \(wanted cooking\/rice, got /)]);
  });
});
