import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { loadViz } from '../load-viz.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { writeOutput } from '../write-output.ts';

const USAGE = `usage: weft replay <run.jsonl> [-o run.html]

Turns a run log (written by weft run --record) into one self-contained HTML
page that draws the graph and replays the run step by step.

options:
  -o, --output <file>   the page to write (default: the log's name with .html)`;

const OPTIONS = {
  output: { type: 'string', short: 'o' },
} as const;

/** `weft replay <run.jsonl>`: a recorded run as an HTML replay. */
export const replayCommand: Command = {
  name: 'replay',
  summary: 'turn a recorded run (--record) into an HTML replay',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('replay', args, OPTIONS, { names: ['run.jsonl'], required: 1 });
    const input = resolve(io.cwd, positionals[0]!);
    const output = values.output ?? `${input.replace(/\.jsonl?$/, '')}.html`;
    const viz = await loadViz();
    const log = await viz.readRunLog(input);
    const html = await viz.renderHtml(log.graph, { run: log });
    const events = log.runs.reduce((n, r) => n + r.events.length, 0);
    writeOutput(io, output, html, `replay of ${log.graph.name}: ${log.runs.length} run(s), ${events} events`);
    return 0;
  },
};
