import { isContainer, shallowCopy, type Container } from './container.ts';

type Key = string | number;

/**
 * One container of the state while a recipe runs (see applyRecipe): the
 * frozen original, and the copy made on its first change. Reading a nested
 * container through the draft gives that container's own draft; a write marks
 * the node and every ancestor changed. The proxy is what the recipe sees, and
 * behaves like the value (`Array.isArray` holds for a list's draft).
 */
export class DraftNode {
  readonly isList: boolean;
  /** Made on the first change. It holds raw values: drafts of the originals it still holds live in `children`. */
  copy: Container | undefined;
  /** Keys written (true) or deleted (false) on this container itself, in order: they become its patches. */
  readonly assigned = new Map<Key, boolean>();
  /** The drafts of original containers read under each key. */
  readonly children = new Map<Key, DraftNode>();
  changed = false;
  finalized = false;
  /** Set when the recipe has ended: a draft kept past it must not read or change anything. */
  done = false;
  readonly proxy: Container;

  constructor(
    readonly base: Container,
    readonly parent: DraftNode | undefined,
    /** The key in the parent it was read from. */
    readonly key: Key | undefined,
    /** Every node of this recipe in the order they were drafted: patches come in the reverse order, and all are marked done at the end. */
    readonly all: DraftNode[],
  ) {
    this.isList = Array.isArray(base);
    // The target only has to look like the value (a list for a list's draft); it carries the node
    // under a symbol the traps never show. A WeakMap from targets to nodes, and revocable proxies,
    // made garbage collection half the cost of a small recipe.
    const target = (this.isList ? [] : {}) as Record<symbol, DraftNode>;
    target[NODE] = this;
    this.proxy = new Proxy(target, TRAPS) as Container;
    all.push(this);
  }

  /** The node behind a draft, if `value` is one. */
  static of(value: unknown): DraftNode | undefined {
    return typeof value === 'object' && value !== null ? ((value as Record<symbol, unknown>)[NODE] as DraftNode | undefined) : undefined;
  }

  /** What the recipe sees now: the copy once there is one. */
  get latest(): Container {
    return this.copy ?? this.base;
  }

  /** The value under `key` as the recipe sees it: a draft while the original container is still there. */
  read(key: Key): unknown {
    const value = this.latest[key];
    if (value !== this.base[key] || !isContainer(value) || DraftNode.of(value)) return value;
    let child = this.children.get(key);
    if (!child) this.children.set(key, (child = new DraftNode(value, this, key, this.all)));
    return child.proxy;
  }

  write(key: Key, value: unknown): void {
    const has = Object.hasOwn(this.latest, key);
    // Assigning what is already there changes nothing (as in immer), unless it adds a key holding undefined.
    if (has && Object.is(this.read(key), value)) return;
    this.#touch()[key] = value;
    this.assigned.set(key, true);
  }

  /** Deletes a key. A key that only this recipe added leaves no trace. */
  remove(key: Key): void {
    if (!Object.hasOwn(this.latest, key)) return;
    delete this.#touch()[key];
    if (Object.hasOwn(this.base, key)) this.assigned.set(key, false);
    else this.assigned.delete(key);
  }

  setLength(length: number): void {
    if (this.latest.length !== length) this.#touch().length = length;
  }

  /** Makes the copy (once) and marks this node and its ancestors changed. */
  #touch(): Container {
    if (!this.changed) {
      this.changed = true;
      this.copy = shallowCopy(this.base);
      if (this.parent) this.parent.#touch();
    }
    return this.copy!;
  }
}

const NODE = Symbol('weft.draft');

function nodeOf(target: object): DraftNode {
  const node = (target as Record<symbol, DraftNode>)[NODE]!;
  if (node.done) throw new TypeError('a state draft was used after its recipe ended: keep values, not drafts, past ctx.update');
  return node;
}
const INDEX = /^(0|[1-9]\d*)$/;

/** A key of the state as the node stores it: a number for a list index. */
function keyOf(node: DraftNode, prop: string | symbol, action: string): Key | 'length' {
  if (typeof prop === 'symbol')
    throw new TypeError(`cannot ${action} a symbol key of the state (${String(prop)}): it would not reach a checkpoint`);
  if (!node.isList || prop === 'length') return prop;
  if (INDEX.test(prop)) return Number(prop);
  throw new TypeError(`a list in the state takes only indexes and length; cannot ${action} "${prop}" on it`);
}

const refuse = (what: string) => (): never => {
  throw new TypeError(`${what} cannot be used on a state draft`);
};

const TRAPS: ProxyHandler<object> = {
  get(target, prop, receiver) {
    if (prop === NODE) return (target as Record<symbol, DraftNode>)[NODE];
    const node = nodeOf(target);
    const source = node.latest;
    if (typeof prop === 'symbol' || !Object.hasOwn(source, prop)) return Reflect.get(source, prop, receiver) as unknown;
    return node.isList && prop !== 'length' ? node.read(Number(prop)) : node.read(prop);
  },
  set(target, prop, value) {
    const node = nodeOf(target);
    const key = keyOf(node, prop, 'set');
    if (key === 'length' && node.isList) node.setLength(value as number);
    else node.write(key, value);
    return true;
  },
  deleteProperty(target, prop) {
    const node = nodeOf(target);
    const key = keyOf(node, prop, 'delete');
    if (key === 'length') throw new TypeError('cannot delete the length of a list');
    // Deleting a list item leaves undefined in its place, as immer does: a hole could not be stored.
    if (node.isList) node.write(key, undefined);
    else node.remove(key);
    return true;
  },
  has(target, prop) {
    return prop in nodeOf(target).latest;
  },
  ownKeys(target) {
    return Reflect.ownKeys(nodeOf(target).latest);
  },
  getOwnPropertyDescriptor(target, prop) {
    const node = nodeOf(target);
    const own = Reflect.getOwnPropertyDescriptor(node.latest, prop);
    if (!own) return undefined;
    // Only a list's length may be reported non-configurable: it is the one such property of the target.
    const configurable = !(node.isList && prop === 'length');
    return { writable: true, configurable, enumerable: own.enumerable ?? false, value: TRAPS.get!(target, prop, node.proxy) as unknown };
  },
  getPrototypeOf(target) {
    return Object.getPrototypeOf(nodeOf(target).base) as object | null;
  },
  defineProperty: refuse('Object.defineProperty()'),
  setPrototypeOf: refuse('Object.setPrototypeOf()'),
  preventExtensions: refuse('Object.freeze() and Object.preventExtensions()'),
};
