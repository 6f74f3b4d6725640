/** BM25's usual constants (as in SQLite's bm25() and Lucene). */
const K1 = 1.2;
const B = 0.75;

/**
 * Keyword relevance of each document to the query terms: BM25 over the
 * documents given (the items a search may return), mapped into (0, 1) as
 * `r / (1 + r)`; 0 for a document without any of the terms. The in-memory
 * bank's ranking; the SQL banks use their full-text engines' and map them
 * the same way.
 */
export function keywordScores(documents: readonly (readonly string[])[], terms: readonly string[]): number[] {
  const n = documents.length;
  if (n === 0 || terms.length === 0) return documents.map(() => 0);
  const average = documents.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const counts = documents.map((d) => {
    const c = new Map<string, number>();
    for (const t of d) c.set(t, (c.get(t) ?? 0) + 1);
    return c;
  });
  const idf = terms.map((t) => {
    const holding = counts.reduce((k, c) => k + (c.has(t) ? 1 : 0), 0);
    return Math.log(1 + (n - holding + 0.5) / (holding + 0.5));
  });
  return counts.map((c, i) => {
    let r = 0;
    terms.forEach((t, j) => {
      const f = c.get(t) ?? 0;
      if (f > 0) r += (idf[j]! * f * (K1 + 1)) / (f + K1 * (1 - B + (B * documents[i]!.length) / average));
    });
    return r > 0 ? r / (1 + r) : 0;
  });
}
