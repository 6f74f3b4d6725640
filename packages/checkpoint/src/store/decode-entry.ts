import { WeftError } from '@weft/common';
import { decodeCheckpoint } from '../codec/codec.ts';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import { checkEntryMeta } from './check-entry-meta.ts';
import type { CheckpointEntry } from './checkpoint-store.ts';

/**
 * The graph a checkpoint must have been written by: its name and, when
 * given, its structure hash. Without the hash any version of the graph
 * passes: the caller decides what a checkpoint of another version means
 * (reading it, migrating it), as the graph runtime does for a thread's head.
 */
export interface GraphIdentity {
  name: string;
  hash?: string | undefined;
}

/**
 * Decodes a stored entry and checks that it is the checkpoint asked for
 * (`checkEntryMeta`), written by this graph (CHECKPOINT_GRAPH_MISMATCH
 * otherwise: a resume with another graph would run the wrong nodes) — by any
 * version of it when `graph.hash` is left out. A record that passes is put in
 * `cache` by its id.
 *
 * @example
 * const record = decodeEntry(entry, { name: 'review', hash: compiled.hash }, 't1');
 */
export function decodeEntry(
  entry: CheckpointEntry,
  graph: GraphIdentity,
  threadId: string,
  cache?: Map<string, CheckpointRecord>,
): CheckpointRecord {
  const record = decodeCheckpoint(entry.bytes, `"${entry.id}" of thread "${threadId}"`);
  checkEntryMeta(entry, record, threadId);
  if (record.graph !== graph.name || (graph.hash !== undefined && record.hash !== graph.hash)) {
    throw new WeftError<CheckpointErrorCode>(
      'CHECKPOINT_GRAPH_MISMATCH',
      `checkpoint "${record.id}" was written by graph "${record.graph}" (structure ${record.hash}); this is graph "${graph.name}"${graph.hash === undefined ? '' : ` (structure ${graph.hash})`}; resume it with the graph that wrote it`,
      {
        details: {
          threadId,
          checkpointId: record.id,
          expected: { name: graph.name, hash: graph.hash },
          found: { name: record.graph, hash: record.hash },
        },
      },
    );
  }
  cache?.set(record.id, record);
  return record;
}
