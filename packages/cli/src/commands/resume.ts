import type { Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach, type PrintedOption } from '../printed-command.ts';
import { readThreadHead } from '../read-thread-head.ts';
import type { ResumeTarget } from '../resume-command.ts';
import { resumeModule } from '../resume-module.ts';
import { resumeQueued } from '../resume-queued.ts';
import { savedSession } from '../saved-session.ts';
import { sessionValues } from '../session-values.ts';
import { resumeValues, type ResumeFlags } from '../resume-values.ts';
import type { CliIo } from '../cli-io.ts';
import { flagText } from '../flag-text.ts';
import { runAndReport } from '../run-and-report.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { explainThreadError } from '../thread-hints.ts';
import { cliHolder } from '../cli-holder.ts';
import { LeaseKeeper } from '@weft/graph';

const USAGE = `usage: weft resume [options] [--] <thread>

Continues a thread at its pending interrupts (or after a failure or a crash)
in this process. The module is the one weft run saved with the thread, if
that file lies inside this project ($WEFT_PROJECT, else the nearest folder
with a package.json); any other module is loaded only when --module names it.

options:
  --value <json>          the value for the pending interrupt; @<file> reads it from a
                          file, - from standard input (also for --values)
  --interrupt <id>        which interrupt --value answers (needed when several are pending)
  --values <json>         values for several interrupts: {"<id>": <json>, …}
  --checkpoint <id>       continue from this checkpoint instead of the latest (a fork)
  --session <key=value>   an agent: set a session value before it continues, e.g. the one
                          a failed run's instruction was missing (repeatable)
  --take-over             take the thread from the process that runs it; only when
                          that process is gone (killed, its machine lost)
  --store <spec>          sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --stream                stream model output (agents) / print node chunks (graphs)
  --record <file.jsonl>   append the run's events to a run log
  --module <file>         load the agent or graph from this file instead of the saved one
  --export <name>         the export to use instead of the saved one
  --json                  JSON lines: {"event": …} per event, then {"result": …}
  --queue <redis url>     send the resume to the workers of a queue (weft worker) instead of
                          running it here; needs a --store (or WEFT_STORE) the workers share
  --queue-name <name>     the queue (default weft)

An approval (a tool with needsApproval) takes {"approved":true}, or
{"approved":false,"reason":"…"} to refuse. Without a value, a thread with
pending interrupts is refused with the list of what it waits on. A thread
another process is running is refused (THREAD_BUSY) before anything is loaded.
Put -- before a thread id that starts with "-".`;

const OPTIONS = {
  value: { type: 'string' },
  values: { type: 'string' },
  interrupt: { type: 'string' },
  checkpoint: { type: 'string' },
  session: { type: 'string', multiple: true },
  'take-over': { type: 'boolean' },
  store: { type: 'string' },
  stream: { type: 'boolean' },
  record: { type: 'string' },
  module: { type: 'string' },
  export: { type: 'string' },
  json: { type: 'boolean' },
  queue: { type: 'string' },
  'queue-name': { type: 'string' },
} as const;

/** `weft resume <thread>`: answers interrupts and continues the thread. */
export const resumeCommand: Command = {
  name: 'resume',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('resume', args, OPTIONS, { names: ['thread'], required: 1 }, io);
    const threadId = positionals[0]!;
    if (values.queue !== undefined)
      return resumeQueued(threadId, { ...values, queue: values.queue }, await valueFlags(values, io), givenOptions(values), io);
    if (values['queue-name'] !== undefined) throw usageError('resume: --queue-name needs --queue', 'add --queue <redis url>');
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    const target: ResumeTarget = { ...commandReach(io, opened), opened };
    try {
      // Held from before the head is read; the run adopts it, so no one can get in between.
      const lease = await LeaseKeeper.take(opened.store, threadId, {
        holder: cliHolder('resume'),
        ...(values['take-over'] === true ? { takeOver: true } : {}),
      });
      try {
        const head = await readThreadHead(target, threadId, values.checkpoint);
        const resume = await resumeValues(head, await valueFlags(values, io), target);
        const loaded = await resumeModule(head, values, io, target, givenOptions(values));
        const { entry } = head;
        const saved = await savedSession(loaded, opened.store, threadId, entry.id);
        const session = sessionValues('resume', loaded, values.session, saved);
        if (values.json !== true)
          io.stdout(
            terminalSafe(
              `thread ${threadId} · resuming checkpoint ${entry.id} (seq ${entry.seq}, step ${entry.step}, ${entry.status}) · store ${opened.label}`,
            ) + '\n',
          );
        const fork = values.checkpoint !== undefined;
        const request = { mode: 'resume', threadId, checkpointId: entry.id, values: resume, sessionValues: session, lease, fork } as const;
        await runAndReport(loaded, opened, io, request, head.record.context, values);
        return 0;
      } finally {
        await lease.release(); // a no-op once the run released it
      }
    } catch (err) {
      throw explainThreadError(err, threadId, target, givenOptions(values));
    } finally {
      await opened.close();
    }
  },
};

/** `--value` and `--values` as text, read from a file (`@file`) or standard input (`-`) when they say so. */
async function valueFlags(values: { value?: string; values?: string; interrupt?: string }, io: CliIo): Promise<ResumeFlags> {
  const read = (flag: string, given: string | undefined) => (given === undefined ? undefined : flagText(flag, given, io));
  return { value: await read('--value', values.value), values: await read('--values', values.values), interrupt: values.interrupt };
}

/** The options a person gave that a printed command should repeat (values, which checkpoint, which export, session values). */
function givenOptions(values: {
  value?: string;
  values?: string;
  interrupt?: string;
  checkpoint?: string;
  export?: string;
  session?: string[];
}): PrintedOption[] {
  const names = ['value', 'values', 'interrupt', 'checkpoint', 'export'] as const;
  const given = names.flatMap((name) => (values[name] === undefined ? [] : [[`--${name}`, values[name]] as const]));
  return [...given, ...(values.session ?? []).map((s) => ['--session', s] as const)];
}
