import { AgentError } from '../errors.ts';

/** PRICE_MISSING: a costUsd budget with models the price table does not know, and how to price them (in `where`'s options). */
export function priceMissing(models: readonly string[], where = 'new Runner'): AgentError {
  const example = models.map((m) => `'${m}': { inputPerMillion, outputPerMillion }`).join(', ');
  return new AgentError(
    'PRICE_MISSING',
    `a costUsd budget needs a price for every model, and ${models.map((m) => `"${m}"`).join(', ')} ${models.length > 1 ? 'have' : 'has'} none; add ${models.length > 1 ? 'them' : 'it'}: ${where}({ prices: { ${example} } }) (US dollars per million tokens)`,
    { details: { models: [...models] }, retryable: false },
  );
}
