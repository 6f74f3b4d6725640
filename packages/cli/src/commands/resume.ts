import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { CliError } from '../errors.ts';
import { loadModule, type LoadedModule } from '../load-module.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { readThreadHead, type ThreadHead } from '../read-thread-head.ts';
import { resumeValues } from '../resume-values.ts';
import { runAndReport } from '../run-and-report.ts';

const USAGE = `usage: weft resume <thread> [options]

Continues a thread at its pending interrupts (or after a failure or a crash)
in this process: the module is the one weft run saved with the thread.

options:
  --value <json>          the value for the pending interrupt
  --interrupt <id>        which interrupt --value answers (needed when several are pending)
  --values <json>         values for several interrupts: {"<id>": <json>, …}
  --checkpoint <id>       continue from this checkpoint instead of the latest (a fork)
  --store <spec>          sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --stream                stream model output (agents) / print node chunks (graphs)
  --record <file.jsonl>   append the run's events to a run log
  --module <file>         load the agent or graph from this file instead of the saved one
  --export <name>         the export to use instead of the saved one
  --json                  JSON lines: {"event": …} per event, then {"result": …}

An approval (a tool with needsApproval) takes {"approved":true}, or
{"approved":false,"reason":"…"} to refuse. Without a value, a thread with
pending interrupts is refused with the list of what it waits on.`;

const OPTIONS = {
  value: { type: 'string' },
  values: { type: 'string' },
  interrupt: { type: 'string' },
  checkpoint: { type: 'string' },
  store: { type: 'string' },
  stream: { type: 'boolean' },
  record: { type: 'string' },
  module: { type: 'string' },
  export: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** `weft resume <thread>`: answers interrupts and continues the thread. */
export const resumeCommand: Command = {
  name: 'resume',
  summary: 'continue a thread at its interrupts (or after a failure)',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('resume', args, OPTIONS, { names: ['thread'], required: 1 });
    const threadId = positionals[0]!;
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    try {
      const head = await readThreadHead(opened, threadId, values.checkpoint);
      const resume = resumeValues(head.record, values, opened);
      const loaded = await loadRecorded(head, values.module === undefined ? undefined : resolve(io.cwd, values.module), values.export);
      const json = values.json === true;
      if (!json)
        io.stdout(
          `thread ${threadId} · resuming checkpoint ${head.entry.id} (seq ${head.entry.seq}, ${head.entry.status}) · store ${opened.label}\n`,
        );
      await runAndReport(
        loaded,
        opened,
        io,
        { mode: 'resume', threadId, checkpointId: head.entry.id, values: resume },
        head.record.context,
        values,
      );
      return 0;
    } finally {
      await opened.close();
    }
  },
};

/** The module saved with the thread (or the one `--module` names instead). */
async function loadRecorded(head: ThreadHead, moduleFlag: string | undefined, exportFlag: string | undefined): Promise<LoadedModule> {
  const threadId = head.entry.threadId;
  const path = moduleFlag ?? head.recorded?.module;
  if (path === undefined)
    throw new CliError(
      'MODULE_NOT_RECORDED',
      `thread "${threadId}" was not started by weft run: its checkpoints name no module`,
      'pass the agent or graph module with --module <file>',
    );
  if (moduleFlag === undefined && !existsSync(path))
    throw new CliError(
      'RECORDED_MODULE_MISSING',
      `thread "${threadId}" was started from ${path}, which no longer exists`,
      'restore the file, or pass the same agent or graph with --module <file>',
    );
  return loadModule(path, exportFlag ?? head.recorded?.export);
}
