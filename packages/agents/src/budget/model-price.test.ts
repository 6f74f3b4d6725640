import { describe, expect, it } from 'vitest';
import { costOf, listedPrice, modelPrice, modelPrices, priceProblem } from '@weft/chat-model';

describe('modelPrice', () => {
  it('finds a model by id, without its provider prefix, and by its family for a dated version or -latest alias', () => {
    expect(modelPrice('gpt-4o-mini')).toEqual({ inputPerMillion: 0.15, outputPerMillion: 0.6 });
    expect(modelPrice('openai/gpt-4o-mini')).toBe(modelPrices['gpt-4o-mini']);
    expect(modelPrice('gpt-4o-2024-08-06')).toBe(modelPrices['gpt-4o']);
    expect(modelPrice('claude-sonnet-4-20250514')).toBe(modelPrices['claude-sonnet-4']);
    expect(modelPrice('claude-3-5-haiku-latest')).toBe(modelPrices['claude-3-5-haiku']);
  });

  it('an override wins over the table, at every step of the lookup; an unknown model has no price (never 0)', () => {
    const mine = { inputPerMillion: 1, outputPerMillion: 2 };
    expect(modelPrice('gpt-4o', { 'gpt-4o': mine })).toBe(mine);
    expect(modelPrice('gpt-4o-2024-08-06', { 'gpt-4o': mine })).toBe(mine);
    expect(modelPrice('scripted')).toBeUndefined();
    expect(modelPrice('toString')).toBeUndefined();
    expect(modelPrice('scripted', { scripted: mine })).toBe(mine);
  });

  it('every table entry is a price', () => {
    for (const [id, price] of Object.entries(modelPrices)) expect([id, priceProblem(price)]).toEqual([id, undefined]);
  });
});

describe('costOf and priceProblem', () => {
  it('prices input and output tokens per million', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, { inputPerMillion: 0.15, outputPerMillion: 0.6 })).toBeCloseTo(
      0.45,
      12,
    );
    expect(costOf({ inputTokens: 0, outputTokens: 0 }, { inputPerMillion: 5, outputPerMillion: 5 })).toBe(0);
  });

  it('refuses a rate that is missing, negative, NaN or not a number', () => {
    expect(priceProblem({ inputPerMillion: 1 })).toMatch(/outputPerMillion must be a finite number/);
    expect(priceProblem({ inputPerMillion: -1, outputPerMillion: 1 })).toMatch(/inputPerMillion/);
    expect(priceProblem({ inputPerMillion: Number.NaN, outputPerMillion: 1 })).toMatch(/inputPerMillion/);
    expect(priceProblem(3)).toMatch(/a price is/);
  });
});

describe('listedPrice (@pydantic/genai-prices)', () => {
  it('every entry of the built-in table is the maintained list price: the table is a fast path, not a second source', () => {
    const differ = Object.entries(modelPrices).flatMap(([id, price]) => {
      const listed = listedPrice(id);
      const same = listed?.inputPerMillion === price.inputPerMillion && listed.outputPerMillion === price.outputPerMillion;
      return same ? [] : [{ id, table: price, listed }];
    });
    expect(differ).toEqual([]);
  });

  it('prices a model the table lacks, at the first tier of a tiered price; an unknown model stays unpriced', () => {
    expect(modelPrices['gpt-3.5-turbo']).toBeUndefined();
    const listed = listedPrice('gpt-3.5-turbo');
    expect(listed!.inputPerMillion).toBeGreaterThan(0);
    expect(modelPrice('gpt-3.5-turbo')).toBe(listed);
    // Claude Sonnet 4.5 costs more above 200k prompt tokens; its rate is read below that tier.
    expect(listedPrice('claude-sonnet-4-5')).toEqual({ inputPerMillion: 3, outputPerMillion: 15 });
    expect([listedPrice('scripted'), listedPrice(''), modelPrice('scripted')]).toEqual([undefined, undefined, undefined]);
  });

  it('the caller’s prices win over the maintained data too', () => {
    const mine = { inputPerMillion: 1, outputPerMillion: 1 };
    expect(modelPrice('gpt-3.5-turbo', { 'gpt-3.5-turbo': mine })).toBe(mine);
  });
});
