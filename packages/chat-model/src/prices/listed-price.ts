import { createRequire } from 'node:module';
import type { ModelPrice } from './model-prices.ts';

/** The part of @pydantic/genai-prices read here. */
interface GenaiPrices {
  calcPrice(
    usage: { input_tokens?: number; output_tokens?: number },
    modelId: string,
  ): { input_price: number; output_price: number } | null;
}

let genai: GenaiPrices | null | undefined;
const found = new Map<string, ModelPrice | undefined>();

/** Tokens priced to read a rate: few enough to stay in the first tier of a tiered price (Claude's above 200k prompt tokens). */
const SAMPLE = 1000;

/**
 * A model's list price from @pydantic/genai-prices, the price data Pydantic
 * maintains for hundreds of models and providers (the first tier of a tiered
 * price), or undefined when it does not know the model. Loaded on the first
 * lookup, synchronously, and kept per model id: loading it took 58 ms and one
 * lookup 0.1 ms on this project's test machine, against a model call's
 * hundreds of milliseconds.
 *
 * @example
 * listedPrice('gpt-4o-2024-11-20'); // { inputPerMillion: 2.5, outputPerMillion: 10 }
 */
export function listedPrice(model: string): ModelPrice | undefined {
  if (found.has(model)) return found.get(model);
  const prices = load();
  let price: ModelPrice | undefined;
  try {
    const input = prices?.calcPrice({ input_tokens: SAMPLE, output_tokens: 0 }, model);
    const output = prices?.calcPrice({ input_tokens: 0, output_tokens: SAMPLE }, model);
    if (input && output)
      price = Object.freeze({ inputPerMillion: perMillion(input.input_price), outputPerMillion: perMillion(output.output_price) });
  } catch {
    // A model id the data cannot match (a malformed one): unpriced, as an unknown model is.
    price = undefined;
  }
  found.set(model, price);
  return price;
}

const perMillion = (dollars: number): number => Math.round(dollars * (1_000_000 / SAMPLE) * 1e9) / 1e9;

function load(): GenaiPrices | null {
  if (genai !== undefined) return genai;
  try {
    genai = createRequire(import.meta.url)('@pydantic/genai-prices') as GenaiPrices;
  } catch {
    // Not installed (an install without optional packages): the table and the caller's prices still apply.
    genai = null;
  }
  return genai;
}
