import type { CheckpointEntry, CheckpointRecord } from '@weft/graph';
import { decodeEntry, type DecodeFailure } from './decode-entry.ts';
import { CliError } from './errors.ts';
import type { OpenedStore } from './open-store.ts';
import { printedCommand, type CommandReach } from './printed-command.ts';
import { threadUsage, type ThreadUsage } from './thread-usage.ts';

/** A command's reach (see printedCommand) with the store it opened: where the thread is read, and what hints repeat. */
export type StoreReach = CommandReach & { opened: OpenedStore };

/** What `weft run` saves in every checkpoint's context (under `weft`) so later commands can load the module again. */
export interface RecordedModule {
  /** Relative to the project root (with `/`), or absolute for a module outside the project. */
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
 * module to load and which interrupts are pending. A checkpoint that cannot
 * be decoded throws the decoder's error (CHECKPOINT_CORRUPT, …).
 */
export async function readThreadHead(reach: StoreReach, threadId: string, checkpointId?: string): Promise<ThreadHead> {
  const entry = await findEntry(reach, threadId, checkpointId);
  const decoded = decodeEntry(entry);
  if ('failure' in decoded) throw decoded.failure.error;
  return { entry, record: decoded.record, recorded: recordedModule(decoded.record.context) };
}

/** A thread's latest checkpoint as listings show it. */
export interface PeekedHead {
  recorded: RecordedModule | undefined;
  /** Why the checkpoint itself cannot be read. */
  failure: DecodeFailure | undefined;
  /** Why the run stopped, when its status is `error`: the error the checkpoint recorded. */
  runError: { code: string; message: string } | undefined;
  /** The graph version that wrote it: name, structure hash and label (when it had one). */
  graph: { name: string; hash: string; version?: string } | undefined;
  /** What the thread spent up to this checkpoint, its budget and what is left (nulls when it cannot be read). */
  usage: ThreadUsage;
}

const NO_USAGE: ThreadUsage = Object.freeze({ usage: null, budget: null, remaining: null });

/** Codes of damaged data: a listing shows the row as corrupt and goes on. */
const DAMAGE = new Set(['CHECKPOINT_CORRUPT', 'CHECKPOINT_VERSION']);

/**
 * A thread's latest checkpoint as a listing reads it: the module it names,
 * or why it could not be read — the decoder refused its bytes, or the store
 * refused the row itself (a store that checks its rows reports damage as
 * CHECKPOINT_CORRUPT).
 */
export async function peekThreadHead(reach: StoreReach, threadId: string): Promise<PeekedHead> {
  let entry: CheckpointEntry;
  try {
    entry = await findEntry(reach, threadId, undefined);
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !DAMAGE.has(code)) throw err;
    const failure = { code, message: err instanceof Error ? err.message : String(err), error: err };
    return { recorded: undefined, failure, runError: undefined, graph: undefined, usage: NO_USAGE };
  }
  const decoded = decodeEntry(entry);
  if ('failure' in decoded)
    return { recorded: undefined, failure: decoded.failure, runError: undefined, graph: undefined, usage: NO_USAGE };
  const { context, error, graph: name, hash, version, usage, budget } = decoded.record;
  return {
    recorded: recordedModule(context),
    failure: undefined,
    runError: error && { code: error.code, message: error.message },
    graph: version === undefined ? { name, hash } : { name, hash, version },
    usage: threadUsage(usage, budget),
  };
}

async function findEntry(reach: StoreReach, threadId: string, checkpointId: string | undefined): Promise<CheckpointEntry> {
  const { opened } = reach;
  const entry = await opened.store.get(threadId, checkpointId);
  if (entry) return entry;
  const head = checkpointId === undefined ? undefined : await opened.store.get(threadId);
  if (checkpointId !== undefined && head)
    throw new CliError(
      'CHECKPOINT_NOT_FOUND',
      `thread "${threadId}" has no checkpoint "${checkpointId}"`,
      `list its checkpoints: ${printedCommand('history', [], [threadId], reach)}`,
    );
  const where = opened.missing ? `${opened.label} (that file does not exist)` : opened.label;
  throw new CliError('THREAD_NOT_FOUND', `thread "${threadId}" not found in ${where}`, threadsHint(reach), { details: { threadId } });
}

/** Where to look for a thread that is not in this store. */
export const threadsHint = (reach: StoreReach): string =>
  `list the threads of this store: ${printedCommand('threads', [], [], reach)}; or pass --store to use another`;

/** The module a checkpoint's context names, if `weft run` wrote it. */
export function recordedModule(context: Record<string, unknown> | undefined): RecordedModule | undefined {
  const weft = context?.['weft'] as Partial<RecordedModule> | undefined;
  if (!weft || typeof weft.module !== 'string') return undefined;
  return { module: weft.module, export: typeof weft.export === 'string' ? weft.export : 'default' };
}
