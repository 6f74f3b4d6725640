import type { CheckpointEntry } from '@weft/graph';

/** A small entry whose bytes depend on thread and seq. */
export function testEntry(threadId: string, seq: number, over: Partial<CheckpointEntry> = {}): CheckpointEntry {
  return {
    threadId,
    id: `cp-${seq}`,
    parentId: seq === 1 ? null : `cp-${seq - 1}`,
    seq,
    step: seq - 1,
    status: 'running',
    createdAt: 1_700_000_000_000 + seq,
    bytes: Buffer.from(`${threadId}/${seq}`),
    ...over,
  };
}
