import { decodeCheckpoint, type CheckpointEntry, type CheckpointRecord } from '@weft/graph';
import { CliError } from './errors.ts';
import type { OpenedStore } from './open-store.ts';

/** What `weft run` saves in every checkpoint's context (under `weft`) so later commands can load the module again. */
export interface RecordedModule {
  module: string;
  export: string;
}

export interface ThreadHead {
  entry: CheckpointEntry;
  /** The decoded checkpoint: its interrupts, frontier and context; the state may be a delta. */
  record: CheckpointRecord;
  recorded: RecordedModule | undefined;
}

/**
 * Reads a thread's latest checkpoint (or `checkpointId`) straight from the
 * store and decodes it, without the module: that is how `resume` learns which
 * module to load and which interrupts are pending.
 */
export async function readThreadHead(opened: OpenedStore, threadId: string, checkpointId?: string): Promise<ThreadHead> {
  const entry = await opened.store.get(threadId, checkpointId);
  if (!entry) {
    const head = checkpointId === undefined ? undefined : await opened.store.get(threadId);
    if (checkpointId !== undefined && head)
      throw new CliError(
        'CHECKPOINT_NOT_FOUND',
        `thread "${threadId}" has no checkpoint "${checkpointId}"`,
        `weft history ${threadId} lists its checkpoints`,
      );
    const where = opened.missing ? `${opened.label} (that file does not exist)` : opened.label;
    throw new CliError(
      'THREAD_NOT_FOUND',
      `thread "${threadId}" not found in ${where}`,
      `weft threads lists the threads of a store; pass --store to use another`,
      {
        details: { threadId },
      },
    );
  }
  const record = decodeCheckpoint(entry.bytes, `thread "${threadId}" checkpoint "${entry.id}"`);
  return { entry, record, recorded: recordedModule(record.context) };
}

/** The module a checkpoint's context names, if `weft run` wrote it. */
export function recordedModule(context: Record<string, unknown> | undefined): RecordedModule | undefined {
  const weft = context?.['weft'] as Partial<RecordedModule> | undefined;
  if (!weft || typeof weft.module !== 'string') return undefined;
  return { module: weft.module, export: typeof weft.export === 'string' ? weft.export : 'default' };
}
