/**
 * One change to a state, as a record keeps it: immer's `Patch`, spelled out
 * here so that the stored format does not depend on immer's types (a store
 * never applies patches; the engine does, with immer's and its own replay).
 * The two types are the same shape, so either passes for the other.
 */
export interface StatePatch {
  op: 'replace' | 'remove' | 'add';
  /** Keys from the state's root to the value: strings, and numbers for list indexes. */
  path: (string | number)[];
  value?: any;
}
