import { isDeepStrictEqual } from 'node:util';
import { ModelError } from '../errors.ts';
import type { CassetteRequest } from './cassette-entry.ts';
import { diffRequests, leadingEqual } from './diff-request.ts';
import type { CassetteLine } from './read-cassette.ts';

/** Where a replayed call could have come from: the cassette's lines, and which are still unused. */
export interface MismatchContext {
  model: string;
  file: string;
  lines: readonly CassetteLine[];
  used: readonly boolean[];
  /** Sequential replay: the one entry the call had to match; otherwise the closest is searched for. */
  expected?: number;
}

/**
 * CASSETTE_MISMATCH for a request no unused entry answers, with a diff against
 * the closest recorded request: the expected one (sequential), else the unused
 * entry sharing the most leading messages, else (all used) any entry.
 */
export function mismatchError(actual: CassetteRequest, context: MismatchContext): ModelError {
  const { model, file, lines, used, expected } = context;
  const unused = used.filter((u) => !u).length;
  const head = `replay model "${model}" has no recorded answer for this request (cassette ${file}, ${unused} unused entr${unused === 1 ? 'y' : 'ies'})`;
  const index = expected ?? closest(actual, lines, used);
  const found = index === undefined ? undefined : lines[index];
  if (!found) {
    return new ModelError('CASSETTE_MISMATCH', `${head}\nthe cassette has no entries`, {
      details: { file, index: -1, closest: undefined },
    });
  }
  const { entry, line } = found;
  const where = `${expected === undefined ? 'closest' : 'next (sequential)'} recorded request: line ${line}`;
  const body = isDeepStrictEqual(entry.request, actual)
    ? [`${where}, which is identical but already used`]
    : [`${where}`, ...diffRequests(entry.request, actual)];
  return new ModelError('CASSETTE_MISMATCH', [head, ...body].join('\n'), { details: { file, index, closest: entry.request } });
}

/** The unused entry with the most equal leading messages (ties: equal tools, then equal output, then the earliest); all entries when none is unused. */
function closest(actual: CassetteRequest, lines: readonly CassetteLine[], used: readonly boolean[]): number | undefined {
  const pool = lines.map((_, i) => i).filter((i) => !used[i]);
  let best: number | undefined;
  let bestScore = -1;
  for (const i of pool.length ? pool : lines.map((_, j) => j)) {
    const request = lines[i]!.entry.request;
    const score =
      leadingEqual(request, actual) * 4 +
      (isDeepStrictEqual(request.tools, actual.tools) ? 2 : 0) +
      (isDeepStrictEqual(request.output, actual.output) ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
