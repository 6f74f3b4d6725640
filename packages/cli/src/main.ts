import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processIo, type CliIo } from './cli-io.ts';
import type { Command } from './command.ts';
import { COMMANDS } from './command-table.ts';
import { packageRoot } from './package-root.ts';

/**
 * The `weft` command: runs `argv` (the arguments after `weft`) and resolves
 * to the exit code. Failures are printed as `weft: <message>` and `hint: …`
 * on stderr, never thrown. Only the command that runs is loaded (see
 * COMMANDS), and the error reporting only when something failed.
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h') return help(io, topHelp());
    if (name === '--version' || name === '-v') return help(io, version());
    if (name === 'help') return help(io, rest[0] === undefined ? topHelp() : (await find(rest[0], io)).usage);
    const command = await find(name, io);
    if (wantsHelp(rest)) return help(io, command.usage);
    const code = await command.execute([...rest], io);
    return io.outputClosed?.aborted ? 0 : code;
  } catch (err) {
    // The reader of stdout went away (`| head`): the command stopped because of it, which is no failure.
    if (io.outputClosed?.aborted) return 0;
    const { reportError } = await import('./report-error.ts');
    return reportError(err, io);
  }
}

async function find(name: string, io: CliIo): Promise<Command> {
  const entry = COMMANDS.find((c) => c.name === name);
  if (entry) return entry.load();
  const [{ usageError }, { closestName }, { commandReach, launcherText }] = await Promise.all([
    import('./errors.ts'),
    import('./closest-name.ts'),
    import('./printed-command.ts'),
  ]);
  const weft = launcherText(commandReach(io));
  if (name.startsWith('-')) throw usageError(`unknown option ${name}`, `${weft} --help lists the commands; options go after the command`);
  const names = COMMANDS.map((c) => c.name);
  const guess = closestName(name, names);
  throw usageError(
    `unknown command "${name}"`,
    guess
      ? `did you mean ${weft} ${guess}? ${weft} --help lists the commands`
      : `the commands are ${names.join(', ')}; ${weft} --help explains them`,
  );
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

Creates Weft projects, runs agent systems and graphs from a module, resumes
them at their interrupts, shows their checkpoints, draws them, replays runs
and runs evals.

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
WEFT_DEBUG=1 adds the stack traces, innermost (your code) first. Output into
a pipe that closes (| head) ends the command quietly with 0.

environment: WEFT_STORE (the store), WEFT_PROJECT (the folder whose modules
resume loads; default: the nearest with a package.json), WEFT_LEASE_TTL_MS
(how long a dead holder blocks a thread; default 15000), WEFT_DEBUG=1.`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return `weft ${pkg.version}`;
}
