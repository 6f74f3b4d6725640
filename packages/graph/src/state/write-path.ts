import type { Patch } from 'immer';
import { pathKeyProblem } from '@weft/checkpoint';
import { deepFreeze } from './deep-freeze.ts';
import { WeftError } from '../errors.ts';
import { isContainer, shallowCopy, type Container } from './container.ts';

/** Where a value sits in the state: object keys and array indexes from the root. */
export type StatePath = readonly (string | number)[];

/**
 * Sets `value` at `path` in a frozen state tree, copying only the containers
 * along the path, and returns the new root with the immer patch that does the
 * same. About twenty times cheaper than an immer recipe for one write, which
 * matters on hot paths (the agent layer writes on every model call).
 */
export function setIn(root: unknown, path: StatePath, value: unknown, owned?: Set<object>): { root: unknown; patch: Patch } {
  if (path.length === 0) throw badPath(path, 'is empty; replace the whole state with ctx.update');
  checkKeys(path);
  const key = path[path.length - 1]!;
  let existed = false;
  const next = rewrite(
    root,
    path,
    0,
    (parent) => {
      if (Array.isArray(parent)) {
        if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key > parent.length)
          throw badPath(path, `ends at index ${String(key)} of a list of ${parent.length}`);
        existed = key < parent.length;
      } else existed = Object.hasOwn(parent, key);
      parent[key] = deepFreeze(value);
      return parent;
    },
    owned,
  );
  return { root: next, patch: { op: existed ? 'replace' : 'add', path: [...path], value } };
}

/** Appends values to the list at `path` (copying along the path); returns the new root and one `add` patch per value. */
export function appendIn(
  root: unknown,
  path: StatePath,
  values: readonly unknown[],
  owned?: Set<object>,
): { root: unknown; patches: Patch[] } {
  checkKeys(path);
  const patches: Patch[] = [];
  const next = rewrite(
    root,
    path,
    -1,
    (list) => {
      const copy = list as unknown as unknown[];
      for (const value of values) {
        patches.push({ op: 'add', path: [...path, copy.length], value });
        copy.push(deepFreeze(value));
      }
      return list;
    },
    owned,
  );
  return { root: next, patches };
}

/**
 * Removes the key (or list item) at `path` (copying along the path) and
 * returns the new root with the immer `remove` patch that does the same. A
 * path that leads nowhere is an error, as for set; removing a list item
 * shifts the items after it, as `splice` does.
 */
export function removeIn(root: unknown, path: StatePath, owned?: Set<object>): { root: unknown; patch: Patch } {
  if (path.length === 0) throw badPath(path, 'is empty; the whole state cannot be removed');
  checkKeys(path);
  const key = path[path.length - 1]!;
  const next = rewrite(
    root,
    path,
    0,
    (parent) => {
      if (Array.isArray(parent)) {
        if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key >= parent.length)
          throw badPath(path, `ends at index ${String(key)} of a list of ${parent.length}`);
        parent.splice(key, 1);
      } else {
        if (!Object.hasOwn(parent, key)) throw badPath(path, 'names no key that exists');
        delete parent[key];
      }
      return parent;
    },
    owned,
  );
  return { root: next, patch: { op: 'remove', path: [...path] } };
}

/**
 * Rebuilds the containers from the root down to the one `change` edits: the
 * parent of the last key (`trim` 0, for set) or the container at `path`
 * itself (`trim` -1, for append, which must be a list). `change` gets a
 * writable copy. Copies are frozen at once, unless `owned` collects them:
 * then a container already in it is changed in place (nobody else has seen
 * it) and the caller freezes them later.
 */
function rewrite(
  node: unknown,
  path: StatePath,
  trim: 0 | -1,
  change: (container: Container) => Container,
  owned: Set<object> | undefined,
  depth = 0,
): unknown {
  const stop = trim === 0 ? path.length - 1 : path.length;
  if (!isContainer(node)) throw badPath(path, `does not exist below ${JSON.stringify(path.slice(0, depth))}`);
  if (depth === stop && trim === -1 && !Array.isArray(node)) throw badPath(path, 'is not a list');
  let copy = node;
  if (owned === undefined || !owned.has(node)) {
    copy = shallowCopy(node);
    owned?.add(copy);
  }
  if (depth === stop) {
    const changed = change(copy);
    return owned ? changed : Object.freeze(changed);
  }
  const key = path[depth]!;
  if (!Object.hasOwn(node, key)) throw badPath(path, `does not exist below ${JSON.stringify(path.slice(0, depth))}`);
  copy[key] = rewrite(node[key], path, trim, change, owned, depth + 1);
  return owned ? copy : Object.freeze(copy);
}

function checkKeys(path: StatePath): void {
  const problem = pathKeyProblem(path);
  if (problem) throw badPath(path, problem);
}

function badPath(path: StatePath, why: string): WeftError {
  return new WeftError('INVALID_ARGUMENT', `state path ${JSON.stringify(path)} ${why}`, { details: { path: [...path] } });
}
