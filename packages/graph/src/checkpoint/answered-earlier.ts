import { type CheckpointEntry, type CheckpointStore, decodeCheckpoint } from '@weft/checkpoint';
import { WeftError } from '../errors.ts';

/** How many checkpoints back from where a resume starts an earlier answer is looked for. */
const LOOK_BACK = 1_000;

/**
 * INTERRUPT_ALREADY_ANSWERED when every id of `ids` that checkpoint `from`
 * does not wait on was answered by a resume on its line (it or its
 * ancestors): the resume
 * checkpoint that carried the value names it in `resumeValues`, and its parent
 * is the interrupted checkpoint a fork answers again from. Undefined when some
 * id was never answered there: that id is unknown (UNKNOWN_INTERRUPT stands).
 *
 * Why look back: a resume whose node has finished leaves no trace of the
 * interrupt in later checkpoints, so a second answer (from a page or a script
 * that saw the interrupt a moment ago) would otherwise be refused as if the
 * id were wrong. Only refusals pay for this walk, at most LOOK_BACK reads.
 */
export async function answeredEarlier(
  store: CheckpointStore,
  threadId: string,
  from: string,
  ids: readonly string[],
): Promise<WeftError | undefined> {
  if (ids.length === 0) return undefined;
  const line = await lineOf(store, threadId, from);
  // An id the checkpoint waits on again (a loop reaches the same interrupt) is pending, not answered.
  const waiting = line[0] ? readOf(line[0]).pending : new Set<string>();
  const asked = ids.filter((id) => !waiting.has(id));
  if (asked.length === 0) return undefined;
  const found = new Map<string, CheckpointEntry>();
  for (const entry of line) {
    const { answered } = readOf(entry);
    for (const id of asked) if (!found.has(id) && answered.has(id)) found.set(id, entry);
    if (found.size === asked.length) break;
  }
  if (found.size < asked.length) return undefined;
  const at = found.get(asked[0]!)!;
  const list = asked.map((id) => `"${id}"`).join(', ');
  return new WeftError(
    'INTERRUPT_ALREADY_ANSWERED',
    `interrupt ${list} of thread "${threadId}" was answered by an earlier resume (checkpoint "${at.id}"), and the thread went on from it; to answer differently, fork from the interrupted checkpoint: resume({ threadId, checkpointId: "${at.parentId}", fork: true, resume: { … } })`,
    { details: { answered: asked, checkpointId: at.id, interrupted: at.parentId } },
  );
}

/** Checkpoint `from` and its ancestors, nearest first, at most LOOK_BACK; a parent that is not older ends the line. */
async function lineOf(store: CheckpointStore, threadId: string, from: string): Promise<CheckpointEntry[]> {
  if (store.chain) return store.chain(threadId, from, LOOK_BACK);
  const first = await store.get(threadId, from);
  const line = first ? [first] : [];
  for (let entry = first; entry?.parentId != null && line.length < LOOK_BACK;) {
    const parent = await store.get(threadId, entry.parentId);
    if (!parent || parent.seq >= entry.seq) break;
    line.push((entry = parent));
  }
  return line;
}

/** The interrupt ids a checkpoint waits on and those it carries values for; none when it cannot be read (it then tells nothing). */
function readOf(entry: CheckpointEntry): { pending: Set<string>; answered: Set<string> } {
  try {
    const record = decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`);
    return { pending: new Set(record.interrupts.map((i) => i.id)), answered: new Set((record.resumeValues ?? []).map(([id]) => id)) };
  } catch {
    return { pending: new Set(), answered: new Set() };
  }
}
