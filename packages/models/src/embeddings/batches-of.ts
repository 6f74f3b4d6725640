/**
 * `items` in consecutive slices of at most `size` (the last may be shorter),
 * in order: the batches of an embedding call, each one request to the
 * provider. `size` is a positive integer or `Infinity` (one batch).
 */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  if (items.length <= size) return [items.slice()];
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
