/**
 * @weft/memory — long-term memory beside the checkpoint store: the
 * `MemoryBank` contract (JSON items in namespaces; get, list with filters and
 * pages, keyword and vector search, expiry, idempotent writes), the
 * in-memory bank, a deterministic embedder for tests and an embedding cache.
 * `@weft/store-sqlite` and `@weft/store-postgres` implement the contract on
 * their databases; every bank passes `@weft/memory/conformance`.
 *
 * @example
 * import { InMemoryBank, hashEmbedder } from '@weft/memory';
 *
 * const bank = new InMemoryBank({ embedder: hashEmbedder() });
 * await bank.put(['users', 'u42'], 'plan', { text: 'The customer is on the Pro plan.' });
 * const { items, mode } = await bank.search(['users', 'u42'], { query: 'Which plan is the customer on?' });
 * console.log(mode, items[0]?.key); // vector plan
 */

// The contract
export type { MemoryBank, PutOptions, PutResult, ListOptions, ListPage, SearchOptions, SearchResult } from './bank/memory-bank.ts';
export type { MemoryItem, ScoredItem, MemoryOrigin, JsonValue, JsonObject } from './item/memory-item.ts';
export type { MemoryFilter, FilterOperators, FilterScalar, FilterCondition, FilterOp } from './filter/memory-filter.ts';
export type { IndexOption } from './search/index-text.ts';

// Banks
export { InMemoryBank } from './bank/in-memory-bank.ts';
export type { MemoryBankOptions } from './bank/in-memory-bank.ts';

// For bank implementations: the checks, semantics and ranking every bank shares
export { checkPut, checkAddress, checkList, checkSearch, cursorAfter } from './bank/check-calls.ts';
export type { CheckedPut, CheckedQuery } from './bank/check-calls.ts';
export { rankItems } from './bank/rank-items.ts';
export { checkFilter } from './filter/check-filter.ts';
export { matchFilter, fieldAt, compareCodePoints } from './filter/match-filter.ts';
export { checkNamespace, checkKey, namespaceKey, namespaceOf, underPrefix, SEGMENT_SEPARATOR } from './item/check-namespace.ts';
export { checkValue, parseValue, DEFAULT_MAX_VALUE_BYTES } from './item/check-value.ts';
export { indexText } from './search/index-text.ts';
export { keywordTerms, queryTerms } from './search/keyword-terms.ts';
export { keywordScores } from './search/keyword-scores.ts';

// Embeddings
export { hashEmbedder } from './embed/hash-embedder.ts';
export { cachedEmbedder } from './embed/cached-embedder.ts';
export { embedChecked } from './embed/check-embeddings.ts';
export { cosine } from './embed/cosine.ts';

// Errors
export { MemoryError } from './errors.ts';
export type { MemoryErrorCode } from './errors.ts';
