import { describe, expect, it } from 'vitest';
import { costOf, modelPrice, modelPrices, priceProblem } from '@weft/chat-model';

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
