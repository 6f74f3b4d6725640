import type { Embedder } from '@weft/chat-model';

/**
 * A small deterministic embedder for tests: how often a text uses the letters
 * a–f, g–m, n–s and t–z, as a unit vector (all zeros for a text without
 * letters). Texts with similar letters are near; no model, no network.
 */
export function letterEmbedder(): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    name: 'letters-4',
    dimensions: 4,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map(vectorOf);
    },
  };
}

const GROUPS = [/[a-f]/, /[g-m]/, /[n-s]/, /[t-z]/];

function vectorOf(text: string): number[] {
  const counts = [0, 0, 0, 0];
  for (const letter of text.toLowerCase()) {
    const group = GROUPS.findIndex((g) => g.test(letter));
    if (group >= 0) counts[group]! += 1;
  }
  const norm = Math.hypot(...counts);
  return norm === 0 ? counts : counts.map((c) => c / norm);
}
