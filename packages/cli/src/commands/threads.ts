import type { Command } from '../command.ts';
import { formatTable } from '../format-table.ts';
import { formatTime } from '../format-time.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { readThreadHead } from '../read-thread-head.ts';
import { toJsonLine } from '../to-json-line.ts';

const USAGE = `usage: weft threads [options]

Lists every thread of a store, most recently updated first: its status, how
many checkpoints it has (seq), its step, when it was last written, and the
module weft run started it from.

options:
  --store <spec>   sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --json           one JSON object: {"threads": [{"threadId", "status", "seq", "step", "headId", "updatedAt", "module", "export"}]}`;

const OPTIONS = {
  store: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `weft threads`: every thread of the store. */
export const threadsCommand: Command = {
  name: 'threads',
  summary: 'list the threads of a store',
  usage: USAGE,
  async execute(args, io) {
    const { values } = parseCommandArgs('threads', args, OPTIONS, { names: [], required: 0 });
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    try {
      const threads = [];
      for (const t of await opened.store.threads()) {
        const { recorded } = await readThreadHead(opened, t.threadId);
        threads.push({ ...t, module: recorded?.module, export: recorded?.export });
      }
      if (values.json) {
        io.stdout(toJsonLine({ threads }));
        return 0;
      }
      if (threads.length === 0) {
        io.stdout(`no threads in ${opened.label}${opened.missing ? ' (the file does not exist yet)' : ''}\n`);
        return 0;
      }
      const rows = threads.map((t) => [t.threadId, t.status, String(t.seq), String(t.step), formatTime(t.updatedAt), t.module ?? '-']);
      io.stdout(formatTable(['thread', 'status', 'seq', 'step', 'updated', 'module'], rows, { right: [2, 3] }));
      return 0;
    } finally {
      await opened.close();
    }
  },
};
