import type { MemorySaver } from '@langchain/langgraph';

const utf8 = (s: string | undefined): number => (s === undefined ? 0 : Buffer.byteLength(s, 'utf8'));

/**
 * Total bytes MemorySaver holds for one thread: every serialized checkpoint and
 * metadata blob, every serialized pending write, plus the ids/keys/channel
 * names stored next to them (they are real per-step storage too).
 *
 * Reads the saver's public `storage`/`writes` maps rather than `list()`, because
 * `list()` deserializes and would report object sizes, not what is stored.
 */
export function memorySaverThreadBytes(saver: MemorySaver, threadId: string): number {
  let total = 0;
  for (const [ns, checkpoints] of Object.entries(saver.storage[threadId] ?? {})) {
    for (const [id, [checkpoint, metadata, parentId]] of Object.entries(checkpoints)) {
      total += utf8(ns) + utf8(id) + checkpoint.byteLength + metadata.byteLength + utf8(parentId);
    }
  }
  // `writes` is keyed by JSON.stringify([threadId, ns, checkpointId]).
  for (const [outerKey, inner] of Object.entries(saver.writes)) {
    const parsed: unknown = JSON.parse(outerKey);
    if (!Array.isArray(parsed) || parsed[0] !== threadId) continue;
    total += utf8(outerKey);
    for (const [innerKey, [taskId, channel, value, taskPath]] of Object.entries(inner)) {
      total += utf8(innerKey) + utf8(taskId) + utf8(channel) + value.byteLength + utf8(taskPath);
    }
  }
  return total;
}
