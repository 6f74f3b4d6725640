/**
 * @weft/memory/conformance — the behaviour every `MemoryBank` must show, as
 * one suite a bank's own tests run: items, namespaces, pages, filters,
 * expiry, idempotent writes, keyword and vector search, and the refusals of
 * bad input. The test runner is passed in (vitest's or jest's `describe`,
 * `it`, `expect`), so nothing here depends on one.
 *
 * @example
 * import { describe, expect, it } from 'vitest';
 * import { memoryBankConformance } from '@weft/memory/conformance';
 * import { InMemoryBank } from '@weft/memory';
 *
 * memoryBankConformance('InMemoryBank', (options) => new InMemoryBank(options), { describe, it, expect });
 */

export { memoryBankConformance } from './conformance/bank-conformance.ts';
export type { BankConformanceApi, BankConformanceOptions } from './conformance/bank-conformance.ts';
export type { BankAssertion, BankCaseTools, TestClock } from './conformance/conformance-case.ts';
export { RECALL_SETS, measureRecall } from './conformance/recall-sets.ts';
export type { RecallSet, RecallFigure } from './conformance/recall-sets.ts';
