import { decodeCheckpoint, type CheckpointEntry } from '@weft/graph';
import type { Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { formatTable } from '../format-table.ts';
import { formatTime } from '../format-time.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { readThreadHead } from '../read-thread-head.ts';
import { toJsonLine } from '../to-json-line.ts';

const USAGE = `usage: weft history <thread> [options]

Lists a thread's checkpoints, newest first: seq, step, status, why it was
written (input, step, resume, fork), the nodes that run next, the pending
interrupts, when, and its id (for weft resume --checkpoint). Reads the store
only: the module is not loaded.

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
  status: string;
  source: string;
  /** The nodes of the next step (for an interrupted checkpoint: the interrupted ones). */
  next: string[];
  interrupts: string[];
  createdAt: number;
  id: string;
  parentId: string | null;
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
      const { recorded } = await readThreadHead(opened, threadId);
      const entries = await opened.store.list(threadId, limit === undefined ? {} : { limit });
      const rows = entries.map((e) => historyRow(e));
      if (values.json) {
        io.stdout(toJsonLine({ threadId, module: recorded?.module, export: recorded?.export, checkpoints: rows }));
        return 0;
      }
      const from = recorded ? ` · ${recorded.module} (export ${recorded.export})` : '';
      io.stdout(`thread ${threadId} · ${rows.length} checkpoint${rows.length === 1 ? '' : 's'}${from}\n`);
      const table = rows.map((r) => [
        String(r.seq),
        String(r.step),
        r.status,
        r.source,
        r.next.join(', ') || '-',
        r.interrupts.join(', ') || '-',
        formatTime(r.createdAt),
        r.id,
      ]);
      io.stdout(formatTable(['seq', 'step', 'status', 'source', 'next', 'interrupts', 'time', 'id'], table, { right: [0, 1] }));
      return 0;
    } finally {
      await opened.close();
    }
  },
};

function historyRow(entry: CheckpointEntry): HistoryRow {
  const record = decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`);
  return {
    seq: entry.seq,
    step: entry.step,
    status: entry.status,
    source: record.source,
    next: [...new Set(record.frontier.map((t) => t.node))],
    interrupts: record.interrupts.map((i) => i.id),
    createdAt: entry.createdAt,
    id: entry.id,
    parentId: entry.parentId,
  };
}
