import { BlobCollector } from '../blob/blob-collector.ts';
import { encodeCheckpoint } from '../codec/codec.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { CheckpointEntry } from '../store/checkpoint-store.ts';

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

/**
 * The entry a store gets for checkpoint `seq` of a chain: a record of
 * checkpointRecord's defaults (step `seq - 1`, written by a step, created at
 * a fixed time plus `seq`) with `state` and `over`, encoded with its binary
 * values of 32 KiB or more as blobs, as a run's writer puts it. A test can
 * give any `parentId`, also one no run would write.
 *
 * @example
 * await store.put(chainEntry('t', 1, null, { full: { n: 1 } }));
 * await store.put(chainEntry('t', 2, 'cp-1', { patches: [{ op: 'replace', path: ['n'], value: 2 }] }));
 */
export function chainEntry(
  threadId: string,
  seq: number,
  parentId: string | null,
  state: CheckpointRecord['state'],
  over: Partial<CheckpointRecord> = {},
): CheckpointEntry {
  const record = checkpointRecord({
    threadId,
    id: `cp-${seq}`,
    parentId,
    seq,
    step: seq - 1,
    source: 'step',
    createdAt: 1_700_000_000_000 + seq,
    state,
    ...over,
  });
  const blobs = new BlobCollector();
  const bytes = encodeCheckpoint(record, blobs);
  const { id, step, status, createdAt } = record;
  return { threadId, id, parentId, seq, step, status, createdAt, bytes, ...(blobs.hashes.length ? { blobs: blobs.blobs() } : {}) };
}
