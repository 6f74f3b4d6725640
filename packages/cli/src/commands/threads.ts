import type { ThreadLease, ThreadSummary } from '@weft/graph';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { CliError } from '../errors.ts';
import { formatTable } from '../format-table.ts';
import { formatTime } from '../format-time.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach, printedCommand } from '../printed-command.ts';
import { peekThreadHead, type StoreReach } from '../read-thread-head.ts';
import { reportError } from '../report-error.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';

const USAGE = `usage: weft threads [options]

Lists every thread of a store, most recently updated first: its status, how
many checkpoints it has (seq), its step, the graph version that wrote its
latest checkpoint (its label, or the first 8 characters of its structure
hash: weft migrate plan says which can continue), when it was last written, who is
running it right now (the holder of its lease: host:pid and command), and the
module weft run started it from. A thread whose latest checkpoint cannot be
read is listed with status "corrupt" and why (its code); the others are
listed as usual, and the command then exits with 1 and says so on stderr.
A thread whose run failed is listed as "error" with the failure's code
(weft resume continues it once the cause is fixed).

options:
  --store <spec>   sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --json           one JSON object: {"threads": [{"threadId", "status", "seq", "step", "headId", "updatedAt",
                   "module", "export", "runningBy", "error", "failure",
                   "graph": {"name", "hash", "version"}}]}`;

const OPTIONS = {
  store: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** One thread as `weft threads` shows it. */
export interface ThreadRow extends Omit<ThreadSummary, 'status'> {
  /** The head's status, or `corrupt` when it cannot be decoded. */
  status: ThreadSummary['status'] | 'corrupt';
  module: string | undefined;
  export: string | undefined;
  /** Who holds the thread's lease right now: it is being run. */
  runningBy: { holder: string; since: number; expiresAt: number } | null;
  /** Why its latest checkpoint cannot be read (then `status` is `corrupt`). */
  error: { code: string; message: string } | null;
  /** Why its run failed (then `status` is `error`): the error its latest checkpoint recorded. */
  failure: { code: string; message: string } | null;
  /** The graph version that wrote its latest checkpoint (null when it cannot be read). */
  graph: { name: string; hash: string; version?: string } | null;
}

/** `weft threads`: every thread of the store. */
export const threadsCommand: Command = {
  name: 'threads',
  usage: USAGE,
  async execute(args, io) {
    const { values } = parseCommandArgs('threads', args, OPTIONS, { names: [], required: 0 }, io);
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    const reach: StoreReach = { ...commandReach(io, opened), opened };
    try {
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

async function threadRow(reach: StoreReach, t: ThreadSummary): Promise<ThreadRow> {
  const { recorded, failure, runError, graph } = await peekThreadHead(reach, t.threadId);
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
  };
}

const runningBy = (lease: ThreadLease) => ({ holder: lease.holder, since: lease.since, expiresAt: lease.expiresAt });

function printRows(io: CliIo, threads: ThreadRow[]): void {
  const rows = threads.map((t) => [
    t.threadId,
    t.error ? `corrupt (${t.error.code})` : t.failure ? `${t.status} (${t.failure.code})` : t.status,
    String(t.seq),
    String(t.step),
    t.graph ? (t.graph.version ?? t.graph.hash.slice(0, 8)) : '-',
    formatTime(t.updatedAt),
    t.runningBy ? `${t.runningBy.holder} since ${formatTime(t.runningBy.since)}` : '-',
    t.module ?? '-',
  ]);
  io.stdout(formatTable(['thread', 'status', 'seq', 'step', 'version', 'updated', 'running by', 'module'], rows, { right: [2, 3] }));
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
