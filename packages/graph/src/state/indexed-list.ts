const NONE = -1;

/**
 * A list with insertion, removal, reading and writing by position in
 * O(log n), built from an array and written back into one in O(n): an
 * implicit treap (a binary tree in list order, kept balanced by random
 * priorities that stored data cannot choose). Why: replaying n stored
 * insertions at the front of a list with `splice()` moves n²/2 items; 400,000
 * of them took 91 s of one core. applyPatchList moves a list here once its
 * splices would have moved more than about twice its length.
 *
 * Nodes live in parallel arrays; a removed node is left behind, since a list
 * lives for one batch of patches. Recursion is as deep as the tree (about
 * 2.5·log₂ n levels expected), never as long as the list.
 */
export class IndexedList {
  readonly #values: unknown[] = [];
  readonly #left: number[] = [];
  readonly #right: number[] = [];
  readonly #size: number[] = [];
  readonly #priority: number[] = [];
  #root = NONE;

  /** Builds the tree in one pass (a Cartesian tree over random priorities, with a stack for its right spine). */
  constructor(items: readonly unknown[]) {
    const spine: number[] = [];
    for (let i = 0; i < items.length; i++) {
      const node = this.#node(items[i]);
      let last = NONE;
      while (spine.length && this.#priority[spine[spine.length - 1]!]! < this.#priority[node]!) {
        last = spine.pop()!;
        this.#resize(last);
      }
      this.#left[node] = last;
      if (spine.length) this.#right[spine[spine.length - 1]!] = node;
      spine.push(node);
    }
    this.#root = spine.length ? spine[0]! : NONE;
    while (spine.length) this.#resize(spine.pop()!);
  }

  get length(): number {
    return this.#sizeOf(this.#root);
  }

  at(index: number): unknown {
    return this.#values[this.#find(index)];
  }

  set(index: number, value: unknown): void {
    this.#values[this.#find(index)] = value;
  }

  /** Inserts before position `index` (0..length), as `splice(index, 0, value)`. */
  insert(index: number, value: unknown): void {
    const [before, after] = this.#split(this.#root, index);
    this.#root = this.#merge(this.#merge(before, this.#node(value)), after);
  }

  /** Removes position `index` (0..length-1), as `splice(index, 1)`. */
  remove(index: number): void {
    const [before, rest] = this.#split(this.#root, index);
    this.#root = this.#merge(before, this.#split(rest, 1)[1]);
  }

  /** Makes `list` hold this list's items, in order (in place: whoever holds `list` sees them). */
  writeTo(list: unknown[]): void {
    list.length = this.length;
    const stack: number[] = [];
    let i = 0;
    for (let node = this.#root; node !== NONE || stack.length;) {
      if (node !== NONE) {
        stack.push(node);
        node = this.#left[node]!;
      } else {
        node = stack.pop()!;
        list[i++] = this.#values[node];
        node = this.#right[node]!;
      }
    }
  }

  #node(value: unknown): number {
    const node = this.#values.length;
    this.#values.push(value);
    this.#left.push(NONE);
    this.#right.push(NONE);
    this.#size.push(1);
    this.#priority.push(Math.random());
    return node;
  }

  #sizeOf(node: number): number {
    return node === NONE ? 0 : this.#size[node]!;
  }

  #resize(node: number): void {
    this.#size[node] = 1 + this.#sizeOf(this.#left[node]!) + this.#sizeOf(this.#right[node]!);
  }

  /** The node at `index`, which the caller has checked is within 0..length-1. */
  #find(index: number): number {
    let node = this.#root;
    for (;;) {
      const left = this.#sizeOf(this.#left[node]!);
      if (index === left) return node;
      if (index < left) node = this.#left[node]!;
      else {
        index -= left + 1;
        node = this.#right[node]!;
      }
    }
  }

  /** The first `count` items of the tree at `node`, and the rest. */
  #split(node: number, count: number): [number, number] {
    if (node === NONE) return [NONE, NONE];
    const left = this.#sizeOf(this.#left[node]!);
    if (count <= left) {
      const [a, b] = this.#split(this.#left[node]!, count);
      this.#left[node] = b;
      this.#resize(node);
      return [a, node];
    }
    const [a, b] = this.#split(this.#right[node]!, count - left - 1);
    this.#right[node] = a;
    this.#resize(node);
    return [node, b];
  }

  /** The tree holding `a`'s items, then `b`'s. */
  #merge(a: number, b: number): number {
    if (a === NONE) return b;
    if (b === NONE) return a;
    if (this.#priority[a]! > this.#priority[b]!) {
      this.#right[a] = this.#merge(this.#right[a]!, b);
      this.#resize(a);
      return a;
    }
    this.#left[b] = this.#merge(a, this.#left[b]!);
    this.#resize(b);
    return b;
  }
}
