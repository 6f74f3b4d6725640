import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';

/** What to do about errors the lower layers raise, by code (the code is stable; the class may come from another copy). */
const HINTS: Record<string, string> = {
  THREAD_NOT_FOUND: 'weft threads lists the threads of a store; pass --store to use another',
  CHECKPOINT_NOT_FOUND: 'weft history <thread> lists the checkpoints of a thread',
  UNKNOWN_INTERRUPT: 'answer one of the pending interrupts; weft history <thread> shows them',
  NOTHING_TO_RESUME: "give a value for a pending interrupt: --value '<json>'",
  CONCURRENT_RESUME: 'another process continued this thread first; weft history <thread> shows what it did',
  CHECKPOINT_GRAPH_MISMATCH: 'the module changed since the thread started: restore it, or start a new thread with weft run',
  CHECKPOINT_CORRUPT: 'continue from an earlier checkpoint: weft history <thread>, then weft resume <thread> --checkpoint <id>',
  CHECKPOINT_VERSION: 'the store was written by a newer weft: upgrade @weft/cli',
  AGENT_TREE_INVALID: 'fix the agent tree in the module',
  GRAPH_INVALID: 'fix the graph in the module',
  INVALID_ARGUMENT: 'check the arguments; WEFT_DEBUG=1 shows the stack trace',
  RUN_LOG_NOT_FOUND: 'check the path; weft run --record <file.jsonl> writes a run log',
  RUN_LOG_INVALID: 'pass a run log written by weft run --record <file.jsonl>',
  ECONNREFUSED: 'is the Postgres server running, and is the URL in --store right?',
  ENOTFOUND: 'check the host name in the --store URL',
  '28P01': 'check the user and password in the --store URL',
};
const DEFAULT_HINT = 'WEFT_DEBUG=1 shows the stack trace';

/**
 * Prints a failure as two lines, `weft: <message>` and `hint: <what to do>`
 * (plus the stack with WEFT_DEBUG=1), and gives the exit code: 2 for usage
 * errors, 1 for everything else.
 */
export function reportError(err: unknown, io: CliIo): number {
  const { message, hint, exitCode } = explain(err);
  io.stderr(`weft: ${message}\nhint: ${hint}\n`);
  if (io.env['WEFT_DEBUG'] === '1') io.stderr(`${debugText(err)}\n`);
  return exitCode;
}

function explain(err: unknown): { message: string; hint: string; exitCode: number } {
  if (err instanceof CliError) return { message: oneLine(err.message), hint: err.hint, exitCode: err.exitCode };
  const code = (err as { code?: unknown } | null)?.code;
  const text = err instanceof Error ? err.message : String(err);
  const hint = (typeof code === 'string' && HINTS[code]) || DEFAULT_HINT;
  return { message: oneLine(text || 'unknown error'), hint, exitCode: 1 };
}

/** Multi-line messages (a graph's validation problems) on one line. */
const oneLine = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.trim().replace(/^- /, ''))
    .filter(Boolean)
    .reduce((all, line) => (all ? `${all}${all.endsWith(':') ? ' ' : '; '}${line}` : line), '');

function debugText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && parts.length < 5; e = (e as { cause?: unknown }).cause) {
    parts.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
    if (!(e instanceof Error)) break;
  }
  return parts.join('\ncaused by: ');
}
