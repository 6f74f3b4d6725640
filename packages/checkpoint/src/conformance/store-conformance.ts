import type { CheckpointStore } from '../store/checkpoint-store.ts';
import { BLOB_CASES } from './blob-cases.ts';
import { CHECKPOINT_CASES } from './checkpoint-cases.ts';
import type { CaseTools, ConformanceAssertion } from './conformance-case.ts';
import { FORGED_CHAIN_CASES } from './forged-chain-cases.ts';
import { GRAPH_VERSION_CASES } from './graph-version-cases.ts';
import { LEASE_CASES } from './lease-cases.ts';
import { STOP_REQUEST_CASES } from './stop-request-cases.ts';

/**
 * The test runner, passed in rather than imported: this file ships in the
 * package, and production code must not depend on a test runner.
 * Typed loosely so vitest's `describe`, `it`, `expect` fit as they are.
 */
export interface ConformanceApi {
  describe(name: string, fn: () => void): unknown;
  it(name: string, fn: () => Promise<void>): unknown;
  expect(actual: unknown, message?: string): ConformanceAssertion;
  beforeEach?(fn: () => Promise<void>): unknown;
  afterEach?(fn: () => Promise<void>): unknown;
}

export interface ConformanceOptions {
  /** Release a store after each case (close connections, drop tables). */
  cleanup?: (store: CheckpointStore) => Promise<void> | void;
  /** false for a store without `getBlobs` (graphs then keep binary values inside checkpoints): skips the blob cases. */
  blobs?: boolean;
  /** false for a store without `putGraph`, `getGraph` and `graphs` (it keeps no graph versions): skips the graph version cases. */
  graphs?: boolean;
  /** false for a store without `requestStop` (a stop then reaches only holders in the same process): skips the stop request cases. */
  stopRequests?: boolean;
}

let caseCounter = 0;

/**
 * The behaviour every `CheckpointStore` must show. Run it from each
 * implementation's test file:
 *
 * @example
 * checkpointStoreConformance('MemoryStore', () => new MemoryStore(), { describe, it, expect, beforeEach, afterEach });
 */
export function checkpointStoreConformance(
  name: string,
  makeStore: () => Promise<CheckpointStore> | CheckpointStore,
  api: ConformanceApi,
  options: ConformanceOptions = {},
): void {
  api.describe(`CheckpointStore conformance: ${name}`, () => {
    // Hooks are registered inside describe so they wrap these cases only, not the caller's whole file.
    const run = storeLifecycle(makeStore, api, options);
    const cases = {
      ...CHECKPOINT_CASES,
      ...LEASE_CASES,
      ...FORGED_CHAIN_CASES,
      ...(options.blobs === false ? {} : BLOB_CASES),
      ...(options.graphs === false ? {} : GRAPH_VERSION_CASES),
      ...(options.stopRequests === false ? {} : STOP_REQUEST_CASES),
    };
    for (const [title, body] of Object.entries(cases))
      api.it(
        title,
        run((store) => body(store, caseTools(api.expect))),
      );
  });
}

function caseTools(expect: CaseTools['expect']): CaseTools {
  const prefix = `conformance-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${caseCounter++}-`;
  return { expect, thread: (name) => prefix + name };
}

/** One fresh store per case; uses the runner's hooks when given so cleanup runs even when a case fails. */
function storeLifecycle(
  makeStore: () => Promise<CheckpointStore> | CheckpointStore,
  api: ConformanceApi,
  { cleanup }: ConformanceOptions,
): (body: (store: CheckpointStore) => Promise<void>) => () => Promise<void> {
  let current: CheckpointStore | undefined;
  const open = async (): Promise<CheckpointStore> => (current = await makeStore());
  const close = async (): Promise<void> => {
    const store = current;
    current = undefined;
    if (store && cleanup) await cleanup(store);
  };
  if (api.beforeEach && api.afterEach) {
    api.beforeEach(async () => void (await open()));
    api.afterEach(close);
    return (body) => async () => {
      if (!current) throw new Error('beforeEach did not run: pass beforeEach and afterEach together, or neither');
      await body(current);
    };
  }
  return (body) => async () => {
    try {
      await body(await open());
    } finally {
      await close();
    }
  };
}
