import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { flagText } from '../flag-text.ts';
import { loadModule } from '../load-module.ts';
import { newThreadId } from '../new-thread-id.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach } from '../printed-command.ts';
import { outsideProject } from '../recorded-module.ts';
import { refuseInterrupted } from '../refuse-interrupted.ts';
import type { ResumeTarget } from '../resume-command.ts';
import { sessionValues } from '../session-values.ts';
import { runQueued } from '../run-queued.ts';
import { runAndReport } from '../run-and-report.ts';
import { attachToGraph, runInput } from '../run-input.ts';
import { readAttachment } from '../read-attachment.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { explainThreadError } from '../thread-hints.ts';
import { cliHolder } from '../cli-holder.ts';
import { LeaseKeeper } from '@weft/graph';

const USAGE = `usage: weft run <module> [options]

Runs the agent or graph a module exports and prints its events as they come.
The module is a .ts or .js file; its export is --export <name>, else the first
of "agent", "graph", "default" that is an Agent or a CompiledGraph. The
module's path is saved with the thread, so resume and history do not need it.

options:
  --query <text>          an agent: the user's message; a graph: a string input
  --attach <file>         an agent: send the file with the query, in one user message
                          (repeatable). The extension gives its type: png, jpg, gif, webp
                          are images, mp3, wav, ogg, m4a audio, pdf, txt, md, csv, json
                          files, anything else application/octet-stream; <file>:<type>
                          sets it (photo.bin:image/png). At most 20 MiB a file
  --input <json>          an agent: a list of messages; a graph: its input;
                          @<file> reads it from a file, - from standard input
  --session <key=value>   a session value for the agent (repeatable; values are strings)
  --thread <id>           the thread to write (default: a new id, printed); a thread
                          that exists continues with this input (a new turn)
  --take-over             with --thread: take the thread from the process that runs
                          it; only when that process is gone (killed, its machine lost)
  --store <spec>          sqlite:<file> | postgres:<url> | memory
                          (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --stream                stream model output (agents) / print node chunks (graphs)
  --record <file.jsonl>   append the run's events to a run log (weft replay reads it)
  --export <name>         the export to run
  --json                  JSON lines: {"event": …} per event, then {"result": …}
  --queue <redis url>     send the run to the workers of a queue (weft worker) instead of
                          running it here: redis://[user:password@]host[:port][/db]; needs a
                          --store (or WEFT_STORE) the workers share; prints their events
  --queue-name <name>     the queue (default weft)

When the run stops at interrupts, it lists them and prints the weft resume
command that continues it. Exit code 0 when the run is done or interrupted,
1 when it fails, 2 for a wrong command line.`;

const OPTIONS = {
  query: { type: 'string' },
  attach: { type: 'string', multiple: true },
  input: { type: 'string' },
  session: { type: 'string', multiple: true },
  thread: { type: 'string' },
  'take-over': { type: 'boolean' },
  store: { type: 'string' },
  stream: { type: 'boolean' },
  record: { type: 'string' },
  export: { type: 'string' },
  json: { type: 'boolean' },
  queue: { type: 'string' },
  'queue-name': { type: 'string' },
} as const;

/** `weft run <module>`: a new run of the module's agent or graph. */
export const runCommand: Command = {
  name: 'run',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('run', args, OPTIONS, { names: ['module'], required: 1 }, io);
    const inputText = values.input === undefined ? undefined : await flagText('--input', values.input, io);
    const loaded = await loadModule(resolve(io.cwd, positionals[0]!), values.export);
    if (values.attach?.length && loaded.kind === 'graph') throw attachToGraph();
    const attachments = [];
    for (const spec of values.attach ?? []) attachments.push(await readAttachment(spec, io));
    const input = runInput(loaded.kind, { query: values.query, input: inputText, attachments });
    const session = sessionValues('run', loaded, values.session);
    if (values.thread === '') throw usageError('run: --thread needs a non-empty id', 'leave --thread out to get a new id');
    if (values['take-over'] && values.thread === undefined)
      throw usageError('run: --take-over needs --thread', 'a new thread has no one to take it from');
    if (values.queue !== undefined) return runQueued(loaded, { input, sessionValues: session }, { ...values, queue: values.queue }, io);
    if (values['queue-name'] !== undefined) throw usageError('run: --queue-name needs --queue', 'add --queue <redis url>');
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: true });
    const holder = cliHolder('run');
    const target: ResumeTarget = { ...commandReach(io, opened), opened, module: outsideProject(loaded.path, io) };
    try {
      const threadId = values.thread ?? (await newThreadId(opened.store));
      const json = values.json === true;
      const name = loaded.kind === 'agent' ? loaded.agent.name : loaded.graph.name;
      const request = { mode: 'run', threadId, input, sessionValues: session, holder } as const;
      const header = (): void => {
        if (!json) io.stdout(`${terminalSafe(`thread ${threadId} · ${loaded.kind} ${name} · store ${opened.label}`)}\n`);
      };
      if (values.thread === undefined) {
        header();
        await runAndReport(loaded, opened, io, request, {}, values);
        return 0;
      }
      // A thread that may exist: held while it is checked, then adopted by the run.
      const lease = await LeaseKeeper.take(opened.store, threadId, { holder, ...(values['take-over'] === true ? { takeOver: true } : {}) });
      try {
        await refuseInterrupted(target, threadId);
        header();
        await runAndReport(loaded, opened, io, { mode: 'run', threadId, input, sessionValues: session, lease }, {}, values);
        return 0;
      } finally {
        await lease.release(); // a no-op once the run released it
      }
    } catch (err) {
      throw values.thread === undefined ? err : explainThreadError(err, values.thread, target);
    } finally {
      await opened.close();
    }
  },
};
