import { ModelError } from '../errors.ts';
import { sameText, showText, type CassetteText } from './embedding-cassette-entry.ts';
import type { EmbeddingCassetteLine } from './read-embedding-cassette.ts';

/** Where a replayed call could have come from: the cassette's lines, and which are still unused. */
export interface EmbeddingMismatchContext {
  embedder: string;
  file: string;
  lines: readonly EmbeddingCassetteLine[];
  used: readonly boolean[];
}

/**
 * CASSETTE_MISMATCH for texts no unused entry answers, showing the
 * difference against the closest recorded call: the unused entry sharing the
 * most leading texts (the earliest of equals), or any entry when all are used.
 */
export function embeddingMismatchError(actual: readonly CassetteText[], context: EmbeddingMismatchContext): ModelError {
  const { embedder, file, lines, used } = context;
  const unused = used.filter((u) => !u).length;
  const head = `replay embedder "${embedder}" has no recorded vectors for ${actual.length === 1 ? 'this text' : `these ${actual.length} texts`} (cassette ${file}, ${unused} unused entr${unused === 1 ? 'y' : 'ies'})`;
  const index = closest(actual, lines, used);
  const found = index === undefined ? undefined : lines[index];
  if (!found)
    return new ModelError('CASSETTE_MISMATCH', `${head}\nthe cassette has no entries`, {
      details: { file, index: -1, closest: undefined },
    });
  const { entry, line } = found;
  const where = `closest recorded call: line ${line} (embedder "${entry.embedder}", ${texts(entry.texts.length)})`;
  const same = leadingEqual(entry.texts, actual);
  const body =
    same === entry.texts.length && same === actual.length
      ? [`${where}, which is identical but already used`]
      : same === Math.min(entry.texts.length, actual.length)
        ? [where, `recorded ${texts(entry.texts.length)}, asked ${texts(actual.length)}; the first ${same} are equal`]
        : [
            where,
            `first differing text: ${same} (- recorded, + actual)`,
            `  - ${showText(entry.texts[same])}`,
            `  + ${showText(actual[same])}`,
          ];
  return new ModelError('CASSETTE_MISMATCH', [head, ...body].join('\n'), { details: { file, index, closest: entry.texts } });
}

const texts = (n: number): string => `${n} text${n === 1 ? '' : 's'}`;

function leadingEqual(a: readonly CassetteText[], b: readonly CassetteText[]): number {
  let n = 0;
  while (n < a.length && n < b.length && sameText(a[n]!, b[n]!)) n++;
  return n;
}

function closest(actual: readonly CassetteText[], lines: readonly EmbeddingCassetteLine[], used: readonly boolean[]): number | undefined {
  const pool = lines.map((_, i) => i).filter((i) => !used[i]);
  let best: number | undefined;
  let bestScore = -1;
  for (const i of pool.length ? pool : lines.map((_, j) => j)) {
    const score = leadingEqual(lines[i]!.entry.texts, actual);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
