import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CheckpointView, CompiledGraph, RunLogLine } from '@weft/graph';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import type { LoadedModule } from '../load-module.ts';
import { loadViz, type Viz } from '../load-viz.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach, printedCommand } from '../printed-command.ts';
import { readThreadHead, type StoreReach } from '../read-thread-head.ts';
import { resumeModule } from '../resume-module.ts';
import { patchBlobBytes } from '../patch-blob-bytes.ts';
import { threadRunLog } from '../thread-run-log.ts';
import { writeOutput } from '../write-output.ts';

const USAGE = `usage: weft replay [options] [--] <thread | run.jsonl>

Turns a run into one self-contained HTML page that draws the graph and
replays the run step by step. The run comes from:

  a run log     an argument that names a file (or ends with .jsonl): written by
                weft run --record; it holds every event (messages, outputs, chunks);
  a thread      anything else: the thread's checkpoints in the store, every run
                and resume of it. They hold each step's active nodes, state
                changes, checkpoints, interrupts and errors, not node outputs or
                agents' messages. The thread's module is loaded to draw the graph
                (the one weft run saved, as weft resume does).

It says on stderr which of the two it used.

options:
  -o, --output <file>   the page to write (default: the log's name with .html,
                        or <thread>.html in the current folder)
  --store <spec>        a thread's store (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --module <file>       draw a thread with this module instead of the saved one
  --export <name>       the export to use instead of the saved one`;

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  store: { type: 'string' },
  module: { type: 'string' },
  export: { type: 'string' },
} as const;

/** `weft replay <thread | run.jsonl>`: a thread's checkpoints, or a recorded run, as an HTML replay. */
export const replayCommand: Command = {
  name: 'replay',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('replay', args, OPTIONS, { names: ['thread | run.jsonl'], required: 1 }, io);
    const source = positionals[0]!;
    const viz = await loadViz();
    if (isRunLog(source, io)) {
      const input = resolve(io.cwd, source);
      const log = await viz.readRunLog(input);
      const html = await viz.renderHtml(log.graph, { run: log });
      const events = log.runs.reduce((n, r) => n + r.events.length, 0);
      const output = values.output ?? `${input.replace(/\.jsonl?$/, '')}.html`;
      writeOutput(io, output, html, `replay of ${log.graph.name} from the run log: ${log.runs.length} run(s), ${events} events`);
      return 0;
    }
    return replayThread(viz, source, values, io);
  },
};

/** A file that exists, or a name that looks like a run log (so a mistyped path says "does not exist", not "no such thread"). */
function isRunLog(source: string, io: CliIo): boolean {
  const path = resolve(io.cwd, source);
  return (existsSync(path) && statSync(path).isFile()) || /\.jsonl?$/.test(source);
}

async function replayThread(
  viz: Viz,
  threadId: string,
  values: { output?: string; store?: string; module?: string; export?: string },
  io: CliIo,
): Promise<number> {
  const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
  try {
    const reach: StoreReach = { ...commandReach(io, opened), opened };
    const head = await readThreadHead(reach, threadId);
    const given = (['module', 'export'] as const).flatMap((k) => (values[k] === undefined ? [] : [[`--${k}`, values[k]] as const]));
    const again = (file: string) =>
      printedCommand('replay', [...given.filter(([k]) => k !== '--module'), ['--module', file]], [threadId], reach);
    const loaded = await resumeModule(head, values, io, reach, given, again);
    const graph = (await drawnGraph(loaded)).withStore(opened.store);
    const views: CheckpointView[] = [];
    for await (const view of graph.history(threadId)) views.unshift(view);
    const entries = (await opened.store.list(threadId)).reverse();
    const lines: RunLogLine[] = await patchBlobBytes(opened.store, threadId, threadRunLog(graph.toJSON(), views, entries));
    const runs = lines.filter((l) => l.type === 'run.log').length;
    const html = await viz.renderHtml(graph, { run: lines });
    const output = values.output ?? `${threadId.replace(/[^A-Za-z0-9._-]/g, '_')}.html`;
    const what = `replay of ${graph.name} from the checkpoints of thread ${threadId} in ${opened.label}: ${views.length} checkpoints, ${runs} run(s)`;
    writeOutput(io, output, html, what);
    return 0;
  } finally {
    await opened.close();
  }
}

/** The graph the thread ran: a graph module's own, or the one a Runner compiles for an agent. */
async function drawnGraph(loaded: LoadedModule): Promise<CompiledGraph> {
  if (loaded.kind === 'graph') return loaded.graph;
  const { Runner } = await import('@weft/agents');
  return new Runner({ agent: loaded.agent }).graph as CompiledGraph;
}
