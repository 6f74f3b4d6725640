import { pathKeyProblem } from './path-key-problem.ts';
import { MAX_DEPTH } from './max-depth.ts';

/**
 * Why a state patch's path cannot sit in a checkpoint, or undefined: a key
 * that leads to a prototype (see pathKeyProblem), or more keys than a
 * checkpoint nests levels (MAX_DEPTH). Such a path could not lead to
 * anything a checkpoint holds, and a stored one of 20,000 keys (211 KB)
 * overflowed the stack of the recursive replay. Checked by the writer
 * (find-unloadable-patch.ts) and on every decode (record-shape-problem.ts).
 */
export function patchPathProblem(path: readonly unknown[]): string | undefined {
  if (path.length > MAX_DEPTH) {
    return `has a path of ${path.length.toLocaleString('en-US')} keys, more than the ${MAX_DEPTH.toLocaleString('en-US')} a checkpoint nests`;
  }
  return pathKeyProblem(path);
}
