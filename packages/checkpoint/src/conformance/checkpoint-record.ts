import type { CheckpointRecord } from '../record/checkpoint-record.ts';

/**
 * A well-formed checkpoint record for tests: the first checkpoint of thread
 * `t` of graph `g` (hash `h`), a full snapshot of an empty state, nothing to
 * run, with `over` laid on top. Store and codec tests encode it rather than
 * spell out every field, so a field added to the record is added here once.
 *
 * @example
 * const second = checkpointRecord({ id: 'cp-2', parentId: 'cp-1', seq: 2, step: 1, state: { full: { n: 2 } } });
 */
export function checkpointRecord(over: Partial<CheckpointRecord> = {}): CheckpointRecord {
  return {
    graph: 'g',
    hash: 'h',
    threadId: 't',
    id: 'cp-1',
    parentId: null,
    seq: 1,
    step: 0,
    status: 'running',
    source: 'input',
    createdAt: 1_700_000_000_000,
    state: { full: {} },
    frontier: [],
    joins: [],
    skips: [],
    pending: [],
    interrupts: [],
    context: {},
    ...over,
  };
}
