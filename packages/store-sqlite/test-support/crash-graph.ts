import { setTimeout as sleep } from 'node:timers/promises';
import { graph, START, END, type CompiledGraph } from '@weft/graph';
import { SqliteStore } from '../src/sqlite-store.ts';

/** Steps in one run: each runs one node, which appends one item. */
export const STEPS = 40;
/** Simulated work per node, so a kill can land inside a node as well as between steps. */
export const STEP_MS = 12;
export const THREAD = 'crash';

export interface CrashState {
  items: string[];
  /** Completions per node, recorded in state: counted once per step that reached its checkpoint. */
  counts: Record<string, number>;
}

/**
 * a → b → c → a … for STEPS steps. Deterministic: every item depends only on
 * the node and its input. `onStart` sees every node start, including starts
 * whose step never reached its checkpoint.
 */
export function crashGraph(
  path: string,
  onStart: (node: string) => void,
): { g: CompiledGraph<number, number, CrashState>; store: SqliteStore } {
  const store = new SqliteStore({ path, durability: 'sync' });
  const node = (name: string) => async (n: number, ctx: { update(fn: (s: CrashState) => void): void }) => {
    onStart(name);
    await sleep(STEP_MS);
    ctx.update((s) => {
      s.items.push(`${name}:${n}`);
      s.counts[name] = (s.counts[name] ?? 0) + 1;
    });
    return n + 1;
  };
  const next = { a: 'b', b: 'c', c: 'a' } as const;
  let builder = graph<number, number, CrashState>({ name: 'crash', state: () => ({ items: [], counts: {} }) });
  for (const name of ['a', 'b', 'c'] as const) {
    builder = builder.addNode(name, node(name)).addBranch(name, (n: number) => (n < STEPS ? next[name] : END), [next[name], END]);
  }
  const g = builder.addEdge(START, 'a').compile({ store, maxSteps: STEPS + 10 });
  return { g, store };
}
