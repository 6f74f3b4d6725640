import type { MemoryBankOptions } from '../bank/in-memory-bank.ts';
import type { MemoryBank } from '../bank/memory-bank.ts';
import type { BankAssertion, BankCaseTools } from './conformance-case.ts';
import { ITEM_CASES } from './item-cases.ts';
import { LIFETIME_CASES } from './lifetime-cases.ts';
import { LIST_CASES } from './list-cases.ts';
import { SEARCH_CASES } from './search-cases.ts';

/** The test runner, passed in rather than imported (this file ships in the package). */
export interface BankConformanceApi {
  describe(name: string, fn: () => void): unknown;
  it(name: string, fn: () => Promise<void>, timeout?: number): unknown;
  expect(actual: unknown, message?: string): BankAssertion;
}

export interface BankConformanceOptions {
  /** Runs after each case with every bank it opened (already closed): drop tables, end pools. */
  cleanup?: (banks: MemoryBank[]) => Promise<void> | void;
  /** Per-case timeout in ms (default 30,000: SQL banks on a loaded machine). */
  timeout?: number;
}

let counter = 0;

/**
 * The behaviour every `MemoryBank` must show. `open` makes a bank of the
 * implementation under test with the options a case needs (an embedder, a
 * value limit, the case's virtual clock); each case opens its own and closes
 * them after, and writes under a namespace root of its own.
 *
 * @example
 * memoryBankConformance('InMemoryBank', (options) => new InMemoryBank(options), { describe, it, expect });
 */
export function memoryBankConformance(
  name: string,
  open: (options: MemoryBankOptions) => Promise<MemoryBank> | MemoryBank,
  api: BankConformanceApi,
  options: BankConformanceOptions = {},
): void {
  api.describe(`MemoryBank conformance: ${name}`, () => {
    const cases = { ...ITEM_CASES, ...LIST_CASES, ...LIFETIME_CASES, ...SEARCH_CASES };
    for (const [title, body] of Object.entries(cases))
      api.it(
        title,
        async () => {
          const banks: MemoryBank[] = [];
          let now = 1_700_000_000_000;
          const root = `conformance-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${counter++}`;
          const tools: BankCaseTools = {
            expect: api.expect,
            ns: (...segments) => [root, ...segments],
            clock: { now: () => now, advance: (ms) => void (now += ms) },
            async open(bankOptions = {}) {
              const bank = await open({ ...bankOptions, now: () => now });
              banks.push(bank);
              return bank;
            },
          };
          try {
            await body(tools);
          } finally {
            for (const bank of banks) await bank.close();
            await options.cleanup?.(banks);
          }
        },
        options.timeout ?? 30_000,
      );
  });
}
