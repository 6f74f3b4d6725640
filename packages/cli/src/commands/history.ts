import type { CheckpointEntry } from '@weft/graph';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { decodeEntry } from '../decode-entry.ts';
import { CliError, usageError } from '../errors.ts';
import { formatTable } from '../format-table.ts';
import { formatTime } from '../format-time.ts';
import { budgetTable } from '../budget-table.ts';
import { threadUsage, type ThreadUsage } from '../thread-usage.ts';
import { usageCell } from '../usage-cell.ts';
import { historyPage, type HistoryPage, type HistoryRow, type PageRequest } from '../history-page.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach, printedCommand } from '../printed-command.ts';
import { peekThreadHead, type StoreReach } from '../read-thread-head.ts';
import { reportError } from '../report-error.ts';
import { resumeCommand } from '../resume-command.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';

/** How many checkpoints a listing shows unless told: a long thread has thousands, and the newest are what one looks for. */
const DEFAULT_LIMIT = 20;

const USAGE = `usage: weft history [options] [--] <thread>

Lists a thread's checkpoints, newest first (the newest ${DEFAULT_LIMIT} unless told):
seq, step (steps completed), status, why it was written (input, step, resume,
fork), its parent's seq (one less along a straight run; any other is a fork or
a resume of an older checkpoint), what the thread had spent by then (a usage
column, when it counted any), the nodes that run next, the pending
interrupts, when, and its id (for weft resume --checkpoint). A thread that
counted usage or has a budget gets a table of its latest checkpoint's usage
first: used, and with a budget the limit and what remains. Reads the store
only: the module is not loaded. A checkpoint that cannot be read is listed
with status "corrupt" and why (its code); the others are listed as usual, and
the command then exits with 1 and says on stderr which checkpoint to continue from.

options:
  --store <spec>   sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --limit <n>      the newest n checkpoints (default ${DEFAULT_LIMIT})
  --before <seq>   only checkpoints older than this seq (the next page)
  --all            every checkpoint
  --json           one JSON object: {"threadId", "module", "export", "checkpoints": [...],
                   "more": {"before": <seq>} when older checkpoints were left out, else null}`;

const OPTIONS = {
  store: { type: 'string' },
  limit: { type: 'string' },
  before: { type: 'string' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** `weft history <thread>`: the thread's checkpoints, from the store, a page at a time. */
export const historyCommand: Command = {
  name: 'history',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('history', args, OPTIONS, { names: ['thread'], required: 1 }, io);
    const threadId = positionals[0]!;
    const request = pageRequest(values);
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    const reach: StoreReach = { ...commandReach(io, opened), opened };
    try {
      const { recorded, usage } = await peekThreadHead(reach, threadId);
      const page = await historyPage(opened, threadId, request);
      if (values.json)
        io.stdout(toJsonLine({ threadId, module: recorded?.module, export: recorded?.export, checkpoints: page.rows, more: page.more }));
      else printPage(io, reach, threadId, page, request, recorded, usage);
      return reportCorrupt(io, reach, threadId, page.rows, page.entries);
    } finally {
      await opened.close();
    }
  },
};

function pageRequest(values: { limit?: string; before?: string; all?: boolean }): PageRequest {
  const positive = (flag: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw usageError(`history: ${flag} needs a positive integer`, `e.g. ${flag} 10`);
    return n;
  };
  if (values.all && values.limit !== undefined)
    throw usageError('history: give --limit or --all, not both', '--all lists every checkpoint');
  const before = positive('--before', values.before);
  return { limit: values.all ? undefined : (positive('--limit', values.limit) ?? DEFAULT_LIMIT), before };
}

function printPage(
  io: CliIo,
  reach: StoreReach,
  threadId: string,
  { rows, more }: HistoryPage,
  request: PageRequest,
  recorded: { module: string; export: string } | undefined,
  usage: ThreadUsage,
): void {
  const from = recorded ? ` · ${recorded.module} (export ${recorded.export})` : '';
  const whole = !more && request.before === undefined;
  const range = rows.length === 0 ? 'no checkpoints' : `checkpoints seq ${rows[0]!.seq}–${rows.at(-1)!.seq}`;
  const count = whole ? `${rows.length} checkpoint${rows.length === 1 ? '' : 's'}` : range;
  io.stdout(`${terminalSafe(`thread ${threadId} · ${count}${from}`)}\n`);
  if (usage.usage || usage.budget) io.stdout(`${budgetTable(usage)}\n`);
  // The usage column only for a thread that counted some: a checkpoint's usage is the thread's count up to it.
  const counted = rows.some((r) => r.usage);
  const table = rows.map((r) => [
    String(r.seq),
    String(r.step),
    r.status,
    r.error ? r.error.code : r.source,
    r.parentSeq === null ? '-' : String(r.parentSeq),
    ...(counted ? [usageCell(threadUsage(r.usage, r.budget))] : []),
    r.next.join(', ') || '-',
    r.interrupts.join(', ') || '-',
    formatTime(r.createdAt),
    r.id,
  ]);
  const header = ['seq', 'step', 'status', 'source', 'parent', ...(counted ? ['usage'] : []), 'next', 'interrupts', 'time', 'id'];
  io.stdout(formatTable(header, table, { right: [0, 1, 4] }));
  if (more) {
    // The next page is the same size as this one: a --limit the reader chose goes with it.
    const size: [string, string][] =
      request.limit === undefined || request.limit === DEFAULT_LIMIT ? [] : [['--limit', String(request.limit)]];
    const older = printedCommand('history', [['--before', String(more.before)], ...size], [threadId], reach);
    const all = printedCommand('history', [['--all']], [threadId], reach);
    io.stdout(`${terminalSafe(`older checkpoints: ${older} (or every one: ${all})`)}\n`);
  }
}

/**
 * The listing is complete, but some rows are damaged: say so on stderr, and
 * where the thread can go on from, and exit 1.
 */
function reportCorrupt(io: CliIo, reach: StoreReach, threadId: string, rows: HistoryRow[], entries: CheckpointEntry[]): number {
  const bad = rows.filter((r) => r.error);
  if (bad.length === 0) return 0;
  const list = bad.map((r) => `seq ${r.seq} (${r.id}: ${r.error!.code})`).join(', ');
  const message = `${bad.length} of ${rows.length} checkpoints of thread "${threadId}" cannot be read: ${list}`;
  const err = new CliError('CHECKPOINTS_CORRUPT', message, corruptHint(reach, threadId, rows, entries));
  return reportError(err, io);
}

function corruptHint(reach: StoreReach, threadId: string, rows: HistoryRow[], entries: CheckpointEntry[]): string {
  if (rows[0] && !rows[0].error)
    return `the latest checkpoint reads, so the thread goes on from it as usual; fork only from a checkpoint that reads: ${resumeCommand(threadId, [], reach, [['--checkpoint', '<id>']])}`;
  const good = rows.find((r) => !r.error && r.status !== 'done');
  const entry = good && entries.find((e) => e.id === good.id);
  const decoded = entry && decodeEntry(entry);
  if (!good || !decoded || 'failure' in decoded)
    return 'no checkpoint listed here can be continued: list older ones with --before <seq> or --all, start the thread again with a new run, or restore the store from a backup';
  return `continue from the newest checkpoint that reads (a fork): ${resumeCommand(threadId, decoded.record.interrupts, reach, [['--checkpoint', good.id]])}`;
}
