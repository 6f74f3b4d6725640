import { readFileSync } from 'node:fs';
import { processIo, type CliIo } from './cli-io.ts';
import type { Command } from './command.ts';
import { benchCommand } from './commands/bench.ts';
import { graphCommand } from './commands/graph.ts';
import { historyCommand } from './commands/history.ts';
import { replayCommand } from './commands/replay.ts';
import { resumeCommand } from './commands/resume.ts';
import { runCommand } from './commands/run.ts';
import { threadsCommand } from './commands/threads.ts';
import { usageError } from './errors.ts';
import { reportError } from './report-error.ts';

const COMMANDS: readonly Command[] = [runCommand, resumeCommand, historyCommand, threadsCommand, graphCommand, replayCommand, benchCommand];

/**
 * The `weft` command: runs `argv` (the arguments after `weft`) and resolves
 * to the exit code. Failures are printed as `weft: <message>` and `hint: …`
 * on stderr, never thrown.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h') return help(io, topHelp());
    if (name === '--version' || name === '-v') return help(io, version());
    if (name === 'help') return help(io, rest[0] === undefined ? topHelp() : find(rest[0]).usage);
    const command = find(name);
    if (wantsHelp(rest)) return help(io, command.usage);
    return await command.execute([...rest], io);
  } catch (err) {
    return reportError(err, io);
  }
}

function find(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  if (name.startsWith('-')) throw usageError(`unknown option ${name}`, 'weft --help lists the commands; options go after the command');
  throw usageError(`unknown command "${name}"`, `the commands are ${COMMANDS.map((c) => c.name).join(', ')}; weft --help explains them`);
}

/** `--help` anywhere before a `--` (after it, arguments belong to someone else, e.g. the bench harness). */
function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

function help(io: CliIo, text: string): number {
  io.stdout(`${text}\n`);
  return 0;
}

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `usage: weft <command> [options]

Runs Weft agent systems and graphs from a module, resumes them at their
interrupts, shows their checkpoints, draws them and replays recorded runs.

commands:
${list}

weft <command> --help   the options of a command
weft --version          the version

Checkpoints go to .weft/weft.db in the current folder unless --store (or
WEFT_STORE) names another store. Options go before a thread id; put -- before
an id that starts with "-" (printed commands always do). With --json, run and
resume print JSON lines ({"event": …} per event, then {"result": …}); history
and threads print one JSON object. A failure prints "weft: <what>" and
"hint: <what to do>" on stderr and exits with 1 (2 for a wrong command line);
WEFT_DEBUG=1 adds the stack trace.

environment: WEFT_STORE (the store), WEFT_PROJECT (the folder whose modules
resume loads; default: the nearest with a package.json), WEFT_LEASE_TTL_MS
(how long a dead holder blocks a thread; default 15000), WEFT_DEBUG=1.`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return `weft ${pkg.version}`;
}
