import { priceProblem, type PriceTable } from '@weft/chat-model';
import { AgentError } from '../errors.ts';

/** `new Runner({ prices })` checked: an object of prices by model id, each rate a finite number of at least 0 (INVALID_ARGUMENT). */
export function checkPrices(prices: unknown, where = 'new Runner()'): PriceTable | undefined {
  if (prices === undefined) return undefined;
  if (prices === null || typeof prices !== 'object' || Array.isArray(prices))
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${where}: prices must map model ids to prices, e.g. { 'my-model': { inputPerMillion: 1, outputPerMillion: 4 } }`,
    );
  for (const [model, price] of Object.entries(prices)) {
    const problem = priceProblem(price);
    if (problem)
      throw new AgentError('INVALID_ARGUMENT', `${where}: the price of "${model}" is invalid: ${problem}`, { details: { model } });
  }
  return prices as PriceTable;
}
