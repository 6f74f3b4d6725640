import { listedPrice } from './listed-price.ts';
import { modelPrices, type ModelPrice, type PriceTable } from './model-prices.ts';

/** A dated version (`-2024-08-06`, `-20250514`) or a `-latest` alias at the end of a model id. */
const VERSION_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

/**
 * The price of `model`: from `overrides` first, then `modelPrices`; by its
 * exact id, then without a provider prefix (`openai/gpt-4o`), then without a
 * dated version or `-latest` suffix (`gpt-4o-2024-08-06` is priced as
 * `gpt-4o`); then from @pydantic/genai-prices' data (see listedPrice).
 * Undefined when none has it: never a price of 0.
 *
 * @example
 * modelPrice('gpt-4o-mini-2024-07-18'); // { inputPerMillion: 0.15, outputPerMillion: 0.6 }
 * modelPrice('my-model', { 'my-model': { inputPerMillion: 1, outputPerMillion: 2 } });
 */
export function modelPrice(model: string, overrides?: PriceTable): ModelPrice | undefined {
  for (const id of candidates(model)) {
    const found =
      (overrides && Object.hasOwn(overrides, id) ? overrides[id] : undefined) ??
      (Object.hasOwn(modelPrices, id) ? modelPrices[id] : undefined);
    if (found) return found;
  }
  return listedPrice(model);
}

function candidates(model: string): string[] {
  const out = [model];
  const bare = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
  if (bare !== model) out.push(bare);
  const family = bare.replace(VERSION_SUFFIX, '');
  if (family !== bare) out.push(family);
  return out;
}

/**
 * What the tokens cost, in US dollars, at `price`.
 *
 * @example
 * costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, { inputPerMillion: 0.15, outputPerMillion: 0.6 }); // 0.45
 */
export function costOf(usage: { inputTokens: number; outputTokens: number }, price: ModelPrice): number {
  return (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000;
}

/**
 * Why `price` is not a price, or undefined: both rates must be finite numbers of at least 0.
 *
 * @example
 * priceProblem({ inputPerMillion: -1, outputPerMillion: 2 }); // 'inputPerMillion must be a finite number of at least 0, not -1'
 */
export function priceProblem(price: unknown): string | undefined {
  if (price === null || typeof price !== 'object')
    return 'a price is { inputPerMillion, outputPerMillion } (US dollars per million tokens)';
  for (const key of ['inputPerMillion', 'outputPerMillion'] as const) {
    const v = (price as Record<string, unknown>)[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return `${key} must be a finite number of at least 0, not ${String(v)}`;
  }
  return undefined;
}
