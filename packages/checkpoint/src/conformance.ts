/**
 * @weft/checkpoint/conformance — the behaviour every `CheckpointStore` must
 * show, as one suite a store's own tests run: expected-version writes,
 * reads, listing, pruning, leases, and delta chains no run writes. The test
 * runner is passed in (vitest's or jest's `describe`, `it`, `expect`), so
 * nothing here depends on one.
 *
 * @example
 * import { afterEach, beforeEach, describe, expect, it } from 'vitest';
 * import { checkpointStoreConformance } from '@weft/checkpoint/conformance';
 * import { MyStore } from './my-store.ts';
 *
 * checkpointStoreConformance('MyStore', () => new MyStore(), { describe, it, expect, beforeEach, afterEach });
 */

export { checkpointStoreConformance } from './conformance/store-conformance.ts';
export type { ConformanceApi, ConformanceOptions } from './conformance/store-conformance.ts';
export type { ConformanceAssertion } from './conformance/conformance-case.ts';
export { conformanceEntry } from './conformance/checkpoint-cases.ts';
export { checkpointRecord, chainEntry } from './conformance/checkpoint-record.ts';
