import { compareCodePoints } from '../filter/match-filter.ts';
import type { ScoredItem } from '../item/memory-item.ts';

/**
 * The order every bank returns search results in: by score, high first
 * (`score`), or by `updatedAt`, newest first (`recent`); ties by namespace,
 * then key (code point order). Items under `minScore` are left out, then the first `limit` kept.
 */
export function rankItems(items: ScoredItem[], limit: number, minScore: number | undefined, by: 'score' | 'recent'): ScoredItem[] {
  const kept = minScore === undefined ? items : items.filter((i) => i.score >= minScore);
  return kept
    .sort(
      (a, b) =>
        (by === 'score' ? b.score - a.score : b.updatedAt - a.updatedAt) ||
        compareCodePoints(a.namespace.join('\u001f'), b.namespace.join('\u001f')) ||
        compareCodePoints(a.key, b.key),
    )
    .slice(0, limit);
}
