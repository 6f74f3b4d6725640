/** Default concatenation of a stream's chunks: strings join, arrays flatten one level, anything else stays a list. */
export function concatChunks(chunks: readonly unknown[]): unknown {
  if (chunks.length > 0 && chunks.every((c) => typeof c === 'string')) return chunks.join('');
  if (chunks.length > 0 && chunks.every(Array.isArray)) return (chunks as unknown[][]).flat(1);
  if (chunks.length === 0) return '';
  return [...chunks];
}
