import type { CheckpointStore } from '../store/checkpoint-store.ts';

/** The few assertions the suite uses; vitest's and jest's `expect` both fit. */
export interface ConformanceAssertion {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toBeUndefined(): void;
}

/** What each conformance case gets besides the store. */
export interface CaseTools {
  expect(actual: unknown, message?: string): ConformanceAssertion;
  /** A thread id unique to this case, so stores backed by a shared database do not see other cases' rows. */
  thread(name: string): string;
}

/** One case of the store conformance suite. */
export type ConformanceCase = (store: CheckpointStore, t: CaseTools) => Promise<void>;

/** The error a promise rejected with; fails when it fulfilled instead. */
export const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => Promise.reject(new Error('expected the store to reject this call, but it succeeded')),
    (err: unknown) => err,
  );

/** `code` of a WeftError; checked by value, not `instanceof`, so store packages may carry their own copy. */
export function codeOf(err: unknown): unknown {
  return err instanceof Error ? (err as Error & { code?: unknown }).code : `not an Error: ${String(err)}`;
}
