/**
 * The candidate a mistyped name most likely meant, for a "did you mean" hint:
 * the nearest by edit distance (at most 2 edits, and fewer than half the
 * word, so `ab` does not become `run`), else the only candidate that starts
 * with the word (`hist` → `history`). Undefined when nothing is close or two
 * candidates are equally close: a wrong guess is worse than none.
 *
 * Written here rather than taken from a package: twenty lines, and the CLI
 * keeps its dependencies to what a run needs.
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const candidate of new Set(candidates)) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance, tie] = [candidate, d, false];
    else if (d === bestDistance) tie = true;
  }
  if (best !== undefined && !tie && bestDistance <= 2 && bestDistance * 2 < word.length) return best;
  const prefixed = candidates.filter((c) => word.length >= 3 && c.toLowerCase().startsWith(lower));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) between `a` and `b`:
 * the optimal-string-alignment distance. The swap counts as one edit because
 * it is the commonest slip of a typing hand (`rnu` for `run`).
 */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  return rows[a.length]![b.length]!;
}
