/** A plain object or array in a state tree: what path writes and patches copy and descend into. */
export type Container = Record<string | number, unknown>;

/** True for arrays and plain objects (class instances, Maps, Dates and the like are leaves). */
export function isContainer(v: unknown): v is Container {
  if (Array.isArray(v)) return true;
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A one-level copy of a container, to change one key of it without touching the original. */
export function shallowCopy(node: Container): Container {
  // Spread, not slice(): V8 copies a frozen array with slice() about twenty times slower.
  return (Array.isArray(node) ? [...node] : { ...node }) as Container;
}
