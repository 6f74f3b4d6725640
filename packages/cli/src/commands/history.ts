import type { CheckpointEntry } from '@weft/graph';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { decodeEntry } from '../decode-entry.ts';
import { CliError, usageError } from '../errors.ts';
import { formatTable } from '../format-table.ts';
import { formatTime } from '../format-time.ts';
import { openStore, type OpenedStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { peekThreadHead } from '../read-thread-head.ts';
import { reportError } from '../report-error.ts';
import { resumeCommand } from '../resume-command.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';

const USAGE = `usage: weft history [options] [--] <thread>

Lists a thread's checkpoints, newest first: seq, step, status, why it was
written (input, step, resume, fork), the nodes that run next, the pending
interrupts, when, and its id (for weft resume --checkpoint). Reads the store
only: the module is not loaded. A checkpoint that cannot be read is listed
with status "corrupt" and why (its code); the others are listed as usual, and
the command then exits with 1 and says on stderr which checkpoint to continue from.

options:
  --store <spec>   sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --limit <n>      only the newest n checkpoints
  --json           one JSON object: {"threadId", "module", "export", "checkpoints": [...]}`;

const OPTIONS = {
  store: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** One checkpoint as `weft history` shows it. */
export interface HistoryRow {
  seq: number;
  step: number;
  /** The stored status, or `corrupt` when the checkpoint cannot be decoded. */
  status: string;
  source: string;
  /** The nodes of the next step (for an interrupted checkpoint: the interrupted ones). */
  next: string[];
  interrupts: string[];
  createdAt: number;
  id: string;
  parentId: string | null;
  /** Why the checkpoint cannot be read (CHECKPOINT_CORRUPT, CHECKPOINT_VERSION), when it cannot. */
  error?: { code: string; message: string };
}

/** `weft history <thread>`: the thread's checkpoints, from the store. */
export const historyCommand: Command = {
  name: 'history',
  summary: "list a thread's checkpoints, newest first",
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('history', args, OPTIONS, { names: ['thread'], required: 1 });
    const threadId = positionals[0]!;
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
      throw usageError('history: --limit needs a positive integer', 'e.g. --limit 10');
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    try {
      const { recorded } = await peekThreadHead(opened, threadId);
      const entries = await opened.store.list(threadId, limit === undefined ? {} : { limit });
      const rows = entries.map((e) => historyRow(e));
      if (values.json) io.stdout(toJsonLine({ threadId, module: recorded?.module, export: recorded?.export, checkpoints: rows }));
      else printRows(io, threadId, rows, recorded);
      return reportCorrupt(io, opened, threadId, rows, entries);
    } finally {
      await opened.close();
    }
  },
};

function printRows(io: CliIo, threadId: string, rows: HistoryRow[], recorded: { module: string; export: string } | undefined): void {
  const from = recorded ? ` · ${recorded.module} (export ${recorded.export})` : '';
  io.stdout(`${terminalSafe(`thread ${threadId} · ${rows.length} checkpoint${rows.length === 1 ? '' : 's'}${from}`)}\n`);
  const table = rows.map((r) => [
    String(r.seq),
    String(r.step),
    r.status,
    r.error ? r.error.code : r.source,
    r.next.join(', ') || '-',
    r.interrupts.join(', ') || '-',
    formatTime(r.createdAt),
    r.id,
  ]);
  io.stdout(formatTable(['seq', 'step', 'status', 'source', 'next', 'interrupts', 'time', 'id'], table, { right: [0, 1] }));
}

/**
 * The listing is complete, but some rows are damaged: say so on stderr, and
 * where the thread can go on from, and exit 1.
 */
function reportCorrupt(io: CliIo, opened: OpenedStore, threadId: string, rows: HistoryRow[], entries: CheckpointEntry[]): number {
  const bad = rows.filter((r) => r.error);
  if (bad.length === 0) return 0;
  const list = bad.map((r) => `seq ${r.seq} (${r.id}: ${r.error!.code})`).join(', ');
  const message = `${bad.length} of ${rows.length} checkpoints of thread "${threadId}" cannot be read: ${list}`;
  const err = new CliError('CHECKPOINTS_CORRUPT', message, corruptHint(opened, threadId, rows, entries));
  return reportError(err, io);
}

function corruptHint(opened: OpenedStore, threadId: string, rows: HistoryRow[], entries: CheckpointEntry[]): string {
  if (rows[0] && !rows[0].error)
    return `the latest checkpoint reads, so the thread goes on from it as usual; fork only from a checkpoint that reads: ${resumeCommand(threadId, [], { opened }, [['--checkpoint', '<id>']])}`;
  const good = rows.find((r) => !r.error && r.status !== 'done');
  const entry = good && entries.find((e) => e.id === good.id);
  const decoded = entry && decodeEntry(entry);
  if (!good || !decoded || 'failure' in decoded)
    return 'no checkpoint listed here can be continued: list more with --limit, start the thread again with a new run, or restore the store from a backup';
  return `continue from the newest checkpoint that reads (a fork): ${resumeCommand(threadId, decoded.record.interrupts, { opened }, [['--checkpoint', good.id]])}`;
}

function historyRow(entry: CheckpointEntry): HistoryRow {
  const base = { seq: entry.seq, step: entry.step, createdAt: entry.createdAt, id: entry.id, parentId: entry.parentId };
  const decoded = decodeEntry(entry);
  if ('failure' in decoded) {
    const { code, message } = decoded.failure;
    return { ...base, status: 'corrupt', source: '-', next: [], interrupts: [], error: { code, message } };
  }
  const { record } = decoded;
  return {
    ...base,
    status: entry.status,
    source: record.source,
    next: [...new Set(record.frontier.map((t) => t.node))],
    interrupts: record.interrupts.map((i) => i.id),
  };
}
