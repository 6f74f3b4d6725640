/**
 * Why a state path cannot be written or replayed, judged by its keys alone,
 * or undefined. Keys must be strings or numbers, and none may be `__proto__`,
 * `constructor` or `prototype`: assigning `__proto__` replaces an object's
 * prototype, and the other two lead from a plain object to `Object.prototype`
 * (`x.constructor.prototype.admin = true`). immer's applyPatches refuses the
 * same keys. Checked on every record written and read (patch-path-problem.ts),
 * and by @weft/graph's ctx.set, ctx.append and applyPatchList, which replays
 * the patches stored in checkpoints.
 */
export function pathKeyProblem(path: readonly unknown[]): string | undefined {
  for (const key of path) {
    if (typeof key === 'number') continue;
    if (typeof key !== 'string') return `has a key that is not a string or number (${key === null ? 'null' : typeof key})`;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
      return `goes through "${key}" (a key that leads to a prototype)`;
    }
  }
  return undefined;
}
