import { describeValue } from '../check-answer.ts';

/**
 * What is wrong with `vectors` as the answer for `count` texts, or undefined
 * when nothing is: a list of `count` lists of finite numbers, all of one
 * length (`dimensions` when it is given). A memory bank would refuse the
 * same vectors later; the provider's mistake is named here, at its call.
 */
export function vectorProblem(vectors: unknown, count: number, dimensions?: number): string | undefined {
  if (!Array.isArray(vectors)) return `expected a list of ${count} vectors, got ${describeValue(vectors)}`;
  if (vectors.length !== count) return `expected ${count} vectors (one per text), got ${vectors.length}`;
  const size = dimensions ?? (Array.isArray(vectors[0]) ? vectors[0].length : undefined);
  for (const [i, vector] of vectors.entries()) {
    if (!Array.isArray(vector)) return `vector ${i} is ${describeValue(vector)}, not a list of numbers`;
    if (vector.length === 0) return `vector ${i} is empty`;
    if (vector.length !== size)
      return `vector ${i} has ${vector.length} numbers, expected ${size}${dimensions === undefined ? ' (as vector 0)' : ' (the dimensions asked for)'}`;
    const at = vector.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
    if (at >= 0) return `vector ${i} holds ${describeValue(vector[at])} at ${at}, not a finite number`;
  }
  return undefined;
}
