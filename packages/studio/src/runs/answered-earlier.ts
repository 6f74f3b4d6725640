import { decodeCheckpoint, WeftError, type CheckpointEntry, type CheckpointRecord, type CheckpointStore } from '@weft/graph';

/** How many checkpoints back from the thread's latest an earlier answer is looked for. */
const LOOK_BACK = 1_000;

/**
 * The library's INTERRUPT_ALREADY_ANSWERED for a resume whose values name
 * interrupts that the thread's latest checkpoint no longer names because an
 * earlier resume answered them; undefined when there are none, or when some
 * were never answered on the thread's line (they are unknown, and the
 * library's UNKNOWN_INTERRUPT stands).
 *
 * Why: the library finds a second value only while the thread still carries
 * the first (a resume that stopped before its node finished). Once the
 * thread went on, its latest checkpoint no longer names the interrupt, and a
 * second answer sent from a page that showed the interrupt a moment ago was
 * refused as UNKNOWN_INTERRUPT (400), as if the id were wrong. The answer is
 * in the thread's line: the resume checkpoint that carried the first value
 * (its `resumeValues`), whose parent is the interrupted checkpoint a fork
 * answers again from.
 */
export async function answeredEarlier(store: CheckpointStore, threadId: string, given: readonly string[]): Promise<WeftError | undefined> {
  const head = await store.get(threadId);
  if (!head) return undefined;
  // Interrupts the latest checkpoint still names are the library's to judge.
  const pending = new Set(recordOf(head)?.interrupts.map((i) => i.id));
  const ids = given.filter((id) => !pending.has(id));
  if (ids.length === 0) return undefined;
  const found = new Map<string, CheckpointEntry>();
  for (const entry of await lineOf(store, head)) {
    const given = resumeValuesOf(entry);
    for (const id of ids) if (!found.has(id) && given?.has(id)) found.set(id, entry);
    if (found.size === ids.length) break;
  }
  if (found.size < ids.length) return undefined;
  const at = found.get(ids[0]!)!;
  const list = ids.map((id) => `"${id}"`).join(', ');
  return new WeftError(
    'INTERRUPT_ALREADY_ANSWERED',
    `interrupt ${list} of thread "${threadId}" was answered by an earlier resume (checkpoint "${at.id}"), and the thread went on from it (its latest is "${head.id}", ${head.status}); to answer differently, fork from the interrupted checkpoint: POST /api/threads/${encodeURIComponent(threadId)}/fork with { "checkpointId": "${at.parentId}", "resume": { … } }`,
    { details: { answered: [...ids], checkpointId: at.id, interrupted: at.parentId } },
  );
}

/** The thread's latest checkpoint and its ancestors, nearest first, at most LOOK_BACK. */
async function lineOf(store: CheckpointStore, head: CheckpointEntry): Promise<CheckpointEntry[]> {
  if (store.chain) return store.chain(head.threadId, head.id, LOOK_BACK);
  const line = [head];
  for (let entry = head; entry.parentId !== null && line.length < LOOK_BACK;) {
    const parent = await store.get(head.threadId, entry.parentId);
    if (!parent) break;
    line.push((entry = parent));
  }
  return line;
}

/** The interrupt ids a checkpoint carries values for; undefined when it cannot be read (it then tells nothing). */
function resumeValuesOf(entry: CheckpointEntry): Set<string> | undefined {
  const record = recordOf(entry);
  return record && new Set((record.resumeValues ?? []).map(([id]) => id));
}

function recordOf(entry: CheckpointEntry): CheckpointRecord | undefined {
  try {
    return decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`);
  } catch {
    return undefined;
  }
}
