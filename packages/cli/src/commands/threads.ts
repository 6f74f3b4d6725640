import type { ThreadLease, ThreadSummary } from '@weft/graph';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { CliError } from '../errors.ts';
import { formatTable } from '../format-table.ts';
import { threadCells, threadDetail } from '../thread-detail.ts';
import type { ThreadRow } from '../thread-row.ts';
import { usageCell } from '../usage-cell.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach, printedCommand } from '../printed-command.ts';
import { peekThreadHead, threadsHint, type StoreReach } from '../read-thread-head.ts';
import { reportError } from '../report-error.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';

const USAGE = `usage: weft threads [options] [--] [<thread>]

Lists every thread of a store, most recently updated first: its status, how
many checkpoints it has (seq), its step, what it spent (a usage column:
tokens, the cost in US dollars when a price was known, model calls; shown
when a listed thread counted any), the graph version that wrote its
latest checkpoint (its label, or the first 8 characters of its structure
hash: weft migrate plan says which can continue), when it was last written, who is
running it right now (the holder of its lease: host:pid and command), and the
module weft run started it from. A thread whose latest checkpoint cannot be
read is listed with status "corrupt" and why (its code); the others are
listed as usual, and the command then exits with 1 and says so on stderr.
A thread whose run failed is listed as "error" with the failure's code
(weft resume continues it once the cause is fixed).

With a thread id: that thread alone, and what it spent of each limit — used,
budget and remaining when it has a budget — and what happens when a limit
would be crossed.

options:
  --store <spec>   sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --json           one JSON object: {"threads": [{"threadId", "status", "seq", "step", "headId", "updatedAt",
                   "module", "export", "runningBy", "error", "failure",
                   "graph": {"name", "hash", "version"}, "usage", "budget", "remaining"}]};
                   with a thread id: {"thread": {…}}`;

const OPTIONS = {
  store: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `weft threads`: every thread of the store. */
export const threadsCommand: Command = {
  name: 'threads',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('threads', args, OPTIONS, { names: ['thread'], required: 0 }, io);
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    const reach: StoreReach = { ...commandReach(io, opened), opened };
    try {
      if (positionals[0] !== undefined) return await showThread(io, reach, positionals[0], values.json === true);
      const threads: ThreadRow[] = [];
      for (const t of await opened.store.threads()) threads.push(await threadRow(reach, t));
      if (values.json) io.stdout(toJsonLine({ threads }));
      else if (threads.length === 0)
        io.stdout(terminalSafe(`no threads in ${opened.label}${opened.missing ? ' (the file does not exist yet)' : ''}`) + '\n');
      else printRows(io, threads);
      return reportCorrupt(io, reach, threads);
    } finally {
      await opened.close();
    }
  },
};

/** `weft threads <id>`: one thread, and its usage against its budget. */
async function showThread(io: CliIo, reach: StoreReach, threadId: string, json: boolean): Promise<number> {
  const summary = (await reach.opened.store.threads()).find((t) => t.threadId === threadId);
  if (!summary) {
    // Not in the store: THREAD_NOT_FOUND, with the hint to list the store's threads.
    await peekThreadHead(reach, threadId);
    throw new CliError('THREAD_NOT_FOUND', `thread "${threadId}" is not listed in ${reach.opened.label}`, threadsHint(reach));
  }
  const row = await threadRow(reach, summary);
  if (json) io.stdout(toJsonLine({ thread: row }));
  else io.stdout(threadDetail(row));
  return reportCorrupt(io, reach, [row]);
}

async function threadRow(reach: StoreReach, t: ThreadSummary): Promise<ThreadRow> {
  const { recorded, failure, runError, graph, usage } = await peekThreadHead(reach, t.threadId);
  const lease = await reach.opened.store.threadLease(t.threadId);
  return {
    ...t,
    status: failure ? 'corrupt' : t.status,
    module: recorded?.module,
    export: recorded?.export,
    runningBy: lease ? runningBy(lease) : null,
    error: failure ? { code: failure.code, message: failure.message } : null,
    failure: runError ?? null,
    graph: graph ?? null,
    ...usage,
  };
}

const runningBy = (lease: ThreadLease) => ({ holder: lease.holder, since: lease.since, expiresAt: lease.expiresAt });

/** The table; its usage column only when some thread counted usage (most stores run without budgets). */
function printRows(io: CliIo, threads: ThreadRow[]): void {
  const usage = threads.some((t) => t.usage !== null);
  const rows = threads.map((t) => {
    const cells = threadCells(t);
    return usage ? [...cells.slice(0, 4), usageCell(t), ...cells.slice(4)] : cells;
  });
  const header = ['thread', 'status', 'seq', 'step', ...(usage ? ['usage'] : []), 'version', 'updated', 'running by', 'module'];
  io.stdout(formatTable(header, rows, { right: [2, 3] }));
}

/** Some threads' latest checkpoints cannot be read: the listing is complete, stderr says what to do, and the exit code is 1. */
function reportCorrupt(io: CliIo, reach: StoreReach, threads: ThreadRow[]): number {
  const bad = threads.filter((t) => t.error);
  if (bad.length === 0) return 0;
  const [first] = bad;
  const list = bad.map((t) => `"${t.threadId}" (${t.error!.code})`).join(', ');
  const err = new CliError(
    'CHECKPOINTS_CORRUPT',
    `the latest checkpoint of ${bad.length === 1 ? 'thread' : `${bad.length} threads:`} ${list} cannot be read`,
    `see which of its checkpoints read and continue from one: ${printedCommand('history', [], [first!.threadId], reach)}`,
  );
  return reportError(err, io);
}
