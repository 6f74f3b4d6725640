/** Terms per query: a longer query keeps its first ones. */
const MAX_TERMS = 32;

/**
 * The words of a text as keyword search sees them: lower-cased runs of
 * letters and digits (any script), no stemming and no stop words, the same
 * in every bank (SQLite's FTS5 `unicode61` tokenizer with diacritics kept,
 * PostgreSQL's `simple` text search configuration).
 */
export function keywordTerms(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct terms of a query, at most MAX_TERMS. */
export function queryTerms(query: string): string[] {
  return [...new Set(keywordTerms(query))].slice(0, MAX_TERMS);
}
