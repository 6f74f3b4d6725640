/**
 * The trivial per-node work every framework (and the plain loop) wraps, so the
 * only thing that differs between columns is orchestration. All functions are
 * async because real nodes are; the await is part of the floor.
 */

export async function inc(x: number): Promise<number> {
  return x + 1;
}

/** Fan-out branch: a distinct value per branch so the join can check it saw all of them. */
export async function branch(x: number, i: number): Promise<number> {
  return x + i;
}

export async function sum(values: readonly number[]): Promise<number> {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Expected join result for a fan-out of `width` branches fed 0. */
export const fanOutTotal = (width: number): number => (width * (width - 1)) / 2;

/** What the fake model "says". Constant size on purpose: we measure overhead, not payload growth. */
export interface ModelMsg {
  turn: number;
  toolCall?: { name: string; args: Record<string, unknown> };
  answer?: string;
}

export interface ToolMsg {
  turn: number;
  result: string;
}

/**
 * A fake model (no LLM, no network): asks for a tool on turns 1..turns-1 and
 * answers on turn `turns`. The turn counter travels in the messages, so no
 * hidden closure state leaks between runs.
 */
export function fakeModel(turns: number): (input: { turn: number }) => Promise<ModelMsg> {
  return async ({ turn }) => {
    const next = turn + 1;
    return next < turns ? { turn: next, toolCall: { name: 'noop', args: {} } } : { turn: next, answer: 'done' };
  };
}

export async function fakeTool(msg: ModelMsg): Promise<ToolMsg> {
  return { turn: msg.turn, result: 'ok' };
}

/** Node executions in one agent loop: `turns` model calls plus one fewer tool calls. */
export const loopSteps = (turns: number): number => 2 * turns - 1;

/** chain-state's graph state: how many nodes ran, and the name of the last one. */
export interface CountState {
  count: number;
  last: string;
}

/** Node i's name in the chains (`n0`, `n1`, ...). */
export const nodeName = (i: number): string => `n${i}`;

/** chain-state's node update on a plain object: the floor under every framework's state API. */
export async function countStep(state: CountState, name: string): Promise<void> {
  state.count += 1;
  state.last = name;
}

/** chain-state's final state: every one of the n nodes counted, the last one last. */
export function checkCountState(label: string, state: { count?: unknown; last?: unknown } | undefined, n: number): void {
  check(`${label} chain-state count`, state?.count, n);
  check(`${label} chain-state last`, state?.last, nodeName(n - 1));
}

/** Fails loudly if a framework "finished" without doing the work (a silent no-op would look fast). */
export function check(label: string, actual: unknown, expected: unknown): void {
  if (actual !== expected) {
    throw new Error(`${label}: expected ${String(expected)}, got ${String(actual)}`);
  }
}
