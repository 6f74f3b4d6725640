import type { Draft } from 'immer';
import { WeftError } from '../errors.ts';

/** A task of a migrated thread's frontier, as a migration's `frontier` function sees and returns it. */
export interface MigratedTask {
  node: string;
  /** The send key, for tasks started by `send()`. */
  key?: string;
  input: unknown;
}

/** What `migration()` takes. */
export interface MigrationSpec<S = unknown> {
  /** Shown in plans and errors; default `<from> -> <to>`. */
  name?: string;
  /** The graph version it migrates threads from: a structure hash, or the `version` given to `compile()`. */
  from: string;
  /** The version it migrates them to (the next migration's `from`, or the graph it is registered on). */
  to: string;
  /** Renamed nodes, old name to new: the frontier, join buffers, pending results and interrupt paths follow. */
  nodes?: Record<string, string>;
  /**
   * Changed interrupt addresses, old to new: an address equal to a key, or
   * starting with it followed by `/` or `:`, gets the new beginning (and its
   * interrupt id with it).
   */
  interrupts?: Record<string, string>;
  /** Changes the state (an immer recipe); the result must pass the new graph's state schema. */
  state?: (draft: Draft<S>) => void;
  /** Rewrites the tasks that run next, after the renames and the state recipe (whose result it is given): the last resort for a changed fan-out. */
  frontier?: (tasks: MigratedTask[], state: S) => MigratedTask[];
}

/** A checked migration, as `compile({ migrations })` takes it. */
export interface Migration {
  readonly kind: 'weft.migration';
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly nodes: Readonly<Record<string, string>>;
  readonly interrupts: Readonly<Record<string, string>>;
  readonly state: ((draft: Draft<unknown>) => void) | undefined;
  readonly frontier: ((tasks: MigratedTask[], state: unknown) => MigratedTask[]) | undefined;
}

/**
 * A migration of paused threads from one graph version to the next: renamed
 * nodes and interrupt addresses, a state change, a frontier rewrite.
 * Register it on `compile({ migrations })`; migrations chain (v1 → v2 → v3),
 * and each thread written by an older version is migrated on resume
 * (`onGraphMismatch: 'migrate'`) or by `migrateThread()`, under its lease,
 * into a new checkpoint whose parent is the old head (undo by time travel).
 *
 * @example
 * const v2 = migration({
 *   from: 'v1',
 *   to: 'v2',
 *   nodes: { approve: 'review_refund' },
 *   interrupts: { approve: 'review_refund' },
 *   state: (draft: { notes?: string[] }) => { draft.notes ??= []; },
 * });
 * graph({ name: 'refunds', state }).addNode(...).compile({ version: 'v2', migrations: [v2], onGraphMismatch: 'migrate' });
 */
export function migration<S = unknown>(spec: MigrationSpec<S>): Migration {
  const fail = (what: string): never => {
    throw new WeftError('INVALID_ARGUMENT', `migration(): ${what}`);
  };
  if (typeof spec !== 'object' || spec === null) fail('takes { from, to, nodes?, interrupts?, state?, frontier? }');
  const { from, to, nodes = {}, interrupts = {}, state, frontier } = spec;
  if (typeof from !== 'string' || from === '') fail('from must be a graph version or hash');
  if (typeof to !== 'string' || to === '') fail('to must be a graph version or hash');
  if (from === to) fail(`from and to are both "${from}"`);
  for (const [what, map] of [
    ['nodes', nodes],
    ['interrupts', interrupts],
  ] as const) {
    if (typeof map !== 'object' || map === null || Array.isArray(map)) fail(`${what} must be an object of old name to new name`);
    for (const [key, value] of Object.entries(map))
      if (key === '' || typeof value !== 'string' || value === '') fail(`${what}: "${key}" must map to a non-empty name`);
  }
  if (state !== undefined && typeof state !== 'function') fail('state must be a function (an immer recipe)');
  if (frontier !== undefined && typeof frontier !== 'function') fail('frontier must be a function of the tasks');
  const name = spec.name ?? `${from} -> ${to}`;
  if (typeof name !== 'string' || name === '') fail('name must be a non-empty string');
  return Object.freeze({
    kind: 'weft.migration' as const,
    name,
    from,
    to,
    nodes: Object.freeze({ ...nodes }),
    interrupts: Object.freeze({ ...interrupts }),
    state: state as Migration['state'],
    frontier: frontier as Migration['frontier'],
  });
}
