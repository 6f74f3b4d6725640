/**
 * Frozen arrays already seen to hold nothing but their items. Counting an
 * array's keys costs about 30 ns an item (1.5 µs for 50); state is frozen, so
 * a snapshot's arrays are counted once, when first written, and then cost a
 * lookup (10–27 ns).
 */
const plainArrays = new WeakSet<object>();

/** False for an array with own enumerable keys besides its indexes (holes are found by the caller first). */
export function onlyItems(list: unknown[]): boolean {
  if (plainArrays.has(list)) return true;
  if (Object.keys(list).length !== list.length) return false;
  if (Object.isFrozen(list)) plainArrays.add(list);
  return true;
}
