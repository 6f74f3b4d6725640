import { describe, expect, it } from 'vitest';
import { callCost, checkModelPrices } from './model-prices.ts';

const usage = { inputTokens: 2_000, outputTokens: 500 };

describe('callCost', () => {
  const prices = checkModelPrices({
    'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
    'gpt-4o-2024-08-06': { inputPerMillion: 2, outputPerMillion: 8 },
    'openai:gpt-4o': { inputPerMillion: 1, outputPerMillion: 1 },
  });

  it('prices by the first name the table has, in the order given (the model that answered first)', () => {
    expect(callCost(prices, ['gpt-4o-2024-08-06', 'gpt-4o', 'openai:gpt-4o'], usage)).toEqual({
      priceModel: 'gpt-4o-2024-08-06',
      cost: (2_000 * 2 + 500 * 8) / 1_000_000,
    });
    expect(callCost(prices, ['gpt-4o-2024-11-20', 'gpt-4o', 'openai:gpt-4o'], usage)).toEqual({
      priceModel: 'gpt-4o',
      cost: (2_000 * 2.5 + 500 * 10) / 1_000_000,
    });
    expect(callCost(prices, [undefined, undefined, 'openai:gpt-4o'], usage)).toEqual({
      priceModel: 'openai:gpt-4o',
      cost: 2_500 / 1_000_000,
    });
  });

  it('is undefined without usage, for names matched only in part, and for Object’s own properties', () => {
    expect(callCost(prices, ['gpt-4o'], undefined)).toBeUndefined();
    expect(callCost(prices, ['gpt-4o-mini', 'gpt'], usage)).toBeUndefined();
    expect(callCost(prices, ['constructor', 'toString', '__proto__'], usage)).toBeUndefined();
  });

  it('keeps a model named like an Object property as an entry of its own', () => {
    const odd = checkModelPrices({ __proto__: { inputPerMillion: 1, outputPerMillion: 0 } } as never);
    expect(Object.keys(odd)).toEqual([]);
    const named = checkModelPrices(JSON.parse('{"__proto__": {"inputPerMillion": 1, "outputPerMillion": 0}}'));
    expect(callCost(named, ['__proto__'], usage)).toEqual({ priceModel: '__proto__', cost: 2_000 / 1_000_000 });
  });
});
