import type { MemoryBankOptions } from '../bank/in-memory-bank.ts';
import type { MemoryBank } from '../bank/memory-bank.ts';

/** The few assertions the suite uses; vitest's and jest's `expect` both fit. */
export interface BankAssertion {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toBeUndefined(): void;
}

/** A virtual clock: cases move it instead of sleeping. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

/** What each case gets. */
export interface BankCaseTools {
  expect(actual: unknown, message?: string): BankAssertion;
  /** A namespace unique to this case (under one root segment), so banks on a shared database do not see other cases' items. */
  ns(...segments: string[]): string[];
  /** Opens a bank of the implementation under test, with these options and the case's clock (closed after the case). */
  open(options?: Omit<MemoryBankOptions, 'now'>): Promise<MemoryBank>;
  clock: TestClock;
}

/** One case of the bank conformance suite. */
export type BankCase = (t: BankCaseTools) => Promise<void>;

/** The error a promise rejected with; fails when it fulfilled instead. */
export const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => Promise.reject(new Error('expected the bank to reject this call, but it succeeded')),
    (err: unknown) => err,
  );

/** `code` of an error, checked by value (a bank package may carry its own copy of the error class). */
export function codeOf(err: unknown): unknown {
  return err instanceof Error ? (err as Error & { code?: unknown }).code : `not an Error: ${String(err)}`;
}
