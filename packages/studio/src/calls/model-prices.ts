import { StudioError } from '../errors.ts';

/** What one model's tokens cost, in US dollars per million tokens. */
export interface ModelPrice {
  /** Per million input (prompt) tokens. */
  inputPerMillion: number;
  /** Per million output (completion) tokens. */
  outputPerMillion: number;
}

/**
 * Prices by model name: the name a model answered as (a message's
 * `response.model`), the model id its requests name, or the ChatModel's
 * name — the first of them the table has (see pricedModel).
 */
export type ModelPrices = Readonly<Record<string, ModelPrice>>;

/** A model call's cost: the price table's entry it was computed with, and the dollars. */
export interface CallCost {
  priceModel: string;
  cost: number;
}

/**
 * Checks a price table (createStudio's `prices`) and returns a copy without
 * a prototype, so that a model named `constructor` or `__proto__` finds
 * nothing it was not given. A bad table is refused whole, naming the entry:
 * a price that is not a number would show a cost of NaN on every call.
 */
export function checkModelPrices(value: unknown): ModelPrices {
  const bad = (message: string) =>
    new StudioError(
      'INVALID_ARGUMENT',
      `createStudio(): prices ${message}; write it as { '<model name>': { inputPerMillion: 2.5, outputPerMillion: 10 } } (US dollars per million tokens)`,
    );
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('must be an object of model names');
  const table: Record<string, ModelPrice> = Object.create(null) as Record<string, ModelPrice>;
  for (const [name, price] of Object.entries(value)) {
    if (name === '') throw bad('has an empty model name');
    if (price === null || typeof price !== 'object' || Array.isArray(price)) throw bad(`["${name}"] must be an object`);
    const extra = Object.keys(price).filter((k) => k !== 'inputPerMillion' && k !== 'outputPerMillion');
    if (extra.length) throw bad(`["${name}"] has unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`);
    for (const field of ['inputPerMillion', 'outputPerMillion'] as const) {
      const n = (price as Record<string, unknown>)[field];
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
        throw bad(`["${name}"].${field} must be a number of at least 0 (got ${JSON.stringify(n) ?? String(n)})`);
    }
    const { inputPerMillion, outputPerMillion } = price as ModelPrice;
    table[name] = { inputPerMillion, outputPerMillion };
  }
  return table;
}

/**
 * A model call's cost from its token counts, priced by the first of `names`
 * (most specific first: the model that answered, the id requested, the
 * ChatModel's name) the table has; undefined when none is priced or the call
 * reported no usage. Names match exactly: `gpt-4o` does not price
 * `gpt-4o-mini`, so a dated version the provider answers as falls back to
 * the requested id.
 */
export function callCost(
  prices: ModelPrices,
  names: readonly (string | undefined)[],
  usage: { inputTokens: number; outputTokens: number } | undefined,
): CallCost | undefined {
  if (!usage) return undefined;
  const priceModel = names.find((n): n is string => n !== undefined && Object.hasOwn(prices, n));
  if (priceModel === undefined) return undefined;
  const price = prices[priceModel]!;
  return { priceModel, cost: (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000 };
}
