/** What a model costs, in US dollars per million tokens, for the tokens it reads and the tokens it writes. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Prices by model id (a family id such as `gpt-4o` also prices its dated versions; see `modelPrice`). */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

const price = (inputPerMillion: number, outputPerMillion: number): ModelPrice => Object.freeze({ inputPerMillion, outputPerMillion });

/**
 * List prices of common models, standard (not batch, not cached) rates, in US
 * dollars per million tokens (Gemini: the rate for prompts up to 200k
 * tokens). A fast path, not a second source: a test checks every entry
 * against @pydantic/genai-prices' maintained data, which prices any model
 * this table lacks (see listedPrice), without loading its 0.8 MB for these.
 * Prices change: pass your own with `Runner({ prices })`, which wins over both.
 *
 * @example
 * modelPrices['gpt-4o-mini']; // { inputPerMillion: 0.15, outputPerMillion: 0.6 }
 */
export const modelPrices: PriceTable = Object.freeze({
  'gpt-4o': price(2.5, 10),
  'gpt-4o-mini': price(0.15, 0.6),
  'gpt-4.1': price(2, 8),
  'gpt-4.1-mini': price(0.4, 1.6),
  'gpt-4.1-nano': price(0.1, 0.4),
  'gpt-5': price(1.25, 10),
  'gpt-5-mini': price(0.25, 2),
  'gpt-5-nano': price(0.05, 0.4),
  o3: price(2, 8),
  'o3-mini': price(1.1, 4.4),
  'o4-mini': price(1.1, 4.4),
  'claude-opus-4': price(15, 75),
  'claude-opus-4-1': price(15, 75),
  'claude-sonnet-4': price(3, 15),
  'claude-sonnet-4-5': price(3, 15),
  'claude-3-7-sonnet': price(3, 15),
  'claude-3-5-haiku': price(0.8, 4),
  'claude-haiku-4-5': price(1, 5),
  'gemini-2.5-pro': price(1.25, 10),
  'gemini-2.5-flash': price(0.3, 2.5),
  'gemini-2.0-flash': price(0.1, 0.4),
});
