import { MemoryStore, type CheckpointEntry } from '@weft/graph';
import type { Run } from '../harness/types.ts';

/**
 * The checkpoint entries one run of `run` writes to its MemoryStore, in write
 * order. The shapes build their store inside their factory, so the capture
 * listens on MemoryStore's one write path (`putSync`, which `put` calls) for
 * the length of that one untimed run, and puts it back after.
 */
export async function captureEntries(run: Run): Promise<CheckpointEntry[]> {
  const entries: CheckpointEntry[] = [];
  const proto = MemoryStore.prototype;
  const putSync = Object.getOwnPropertyDescriptor(proto, 'putSync');
  if (!putSync || typeof putSync.value !== 'function') throw new Error('MemoryStore has no putSync: the breakdown cannot see its writes');
  const original = putSync.value as (this: MemoryStore, entry: CheckpointEntry) => void;
  Object.defineProperty(proto, 'putSync', {
    ...putSync,
    value(this: MemoryStore, entry: CheckpointEntry) {
      entries.push(entry);
      original.call(this, entry);
    },
  });
  try {
    await run();
  } finally {
    Object.defineProperty(proto, 'putSync', putSync);
    await run.reset?.();
  }
  return entries;
}
