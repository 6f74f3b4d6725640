import { decodeCheckpoint, type CheckpointEntry, type CheckpointRecord, type CheckpointStore } from '@weft/checkpoint';

/**
 * Whether the thread's head is a migration written right on top of
 * `checkpointId`: then a resume that names `checkpointId` (a handle taken
 * before the deploy, an approval link) means the head — the same point of
 * the thread, in this version's terms.
 */
export function migratedFrom(head: CheckpointEntry, checkpointId: string): boolean {
  if (head.parentId !== checkpointId) return false;
  try {
    return decodeCheckpoint(head.bytes, `"${head.id}" of thread "${head.threadId}"`).source === 'migrate';
  } catch {
    return false; // the load that follows reports an unreadable head
  }
}

/**
 * The interrupt ids a migration changed, old to new, read from a 'migrate'
 * checkpoint and its parent (a migration keeps interrupts in order), so an
 * answer given by an id from before the deploy still reaches its interrupt.
 * Empty for any other checkpoint.
 */
export async function idsBeforeMigration(store: CheckpointStore, record: CheckpointRecord): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  if (record.source !== 'migrate' || record.parentId === null) return renamed;
  const parent = await store.get(record.threadId, record.parentId);
  if (parent === undefined) return renamed;
  let before: CheckpointRecord;
  try {
    before = decodeCheckpoint(parent.bytes, `"${parent.id}" of thread "${parent.threadId}"`);
  } catch {
    return renamed;
  }
  if (before.interrupts.length !== record.interrupts.length) return renamed;
  before.interrupts.forEach((old, i) => {
    const now = record.interrupts[i]!.id;
    if (old.id !== now) renamed.set(old.id, now);
  });
  return renamed;
}
