import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import { launcherText } from './printed-command.ts';
import { terminalSafe } from './terminal-safe.ts';
import { weftLauncher } from './weft-launcher.ts';

/**
 * What to do about errors the lower layers raise, by code (the code is
 * stable; the class may come from another copy), given the words that start
 * weft here (launcherText: `weft`, `npx weft`, …).
 */
const HINTS: Record<string, (weft: string) => string> = {
  THREAD_NOT_FOUND: (weft) => `list the threads of a store: ${weft} threads; pass --store to use another`,
  CHECKPOINT_NOT_FOUND: (weft) => `list the checkpoints of the thread: ${weft} history -- <thread>`,
  UNKNOWN_INTERRUPT: (weft) => `answer one of the pending interrupts; see them: ${weft} history -- <thread>`,
  NOTHING_TO_RESUME: () => "give a value for a pending interrupt: --value '<json>'",
  RESUME_INVALID: (weft) =>
    `answer the interrupt again with a value its schema accepts: ${weft} resume --value '<json>' --interrupt <id> -- <thread>`,
  INPUT_INVALID: () => "give an --input that the graph's input schema accepts (the message says what does not match)",
  CONCURRENT_RESUME: (weft) => `another process continued this thread first; see what it did: ${weft} history -- <thread>`,
  THREAD_BUSY: (weft) =>
    `wait for the run that holds the thread to end; only if its process is gone: ${weft} resume --take-over -- <thread>`,
  LEASE_LOST: (weft) => `another process took the thread over; see what it did: ${weft} history -- <thread>`,
  INTERRUPT_ALREADY_ANSWERED: (weft) =>
    `continue without a value, or answer differently from the interrupted checkpoint: ${weft} resume --checkpoint <id> --value '<json>' -- <thread>`,
  CHECKPOINT_GRAPH_MISMATCH: () => 'the module changed since the thread started: restore it, or start a new thread',
  CHECKPOINT_CORRUPT: (weft) =>
    `continue from an earlier checkpoint: ${weft} history -- <thread>; then ${weft} resume --checkpoint <id> -- <thread>`,
  STORE_UNREADABLE: () => 'restore the file from a backup, or move it away (a new, empty store is created); --store uses another',
  CHECKPOINT_VERSION: () => 'the store was written by a newer weft: upgrade @weft/cli',
  AGENT_TREE_INVALID: () => 'fix the agent tree in the module',
  GRAPH_INVALID: () => 'fix the graph in the module',
  INVALID_ARGUMENT: () => 'check the arguments; WEFT_DEBUG=1 shows the stack trace',
  RUN_LOG_NOT_FOUND: (weft) => `check the path; ${weft} run --record <file.jsonl> writes a run log`,
  RUN_LOG_INVALID: (weft) => `pass a run log written by ${weft} run --record <file.jsonl>`,
  QUEUE_TARGET_UNKNOWN: (weft) =>
    `the queue's workers serve another export: start them on the same module (and --export), or pass ${weft} run the --export they serve`,
  QUEUE_JOB_FAILED: (weft) =>
    `the job failed without a result of its run (the message gives BullMQ's reason: its last attempt could not reach Redis or the store, or another process failed it; a worker's death never ends a job): see how far the thread got with ${weft} history -- <thread>, then continue it: ${weft} resume --queue … -- <thread>`,
  QUEUE_SIGNATURE_INVALID: (weft) => `${SIGNATURE_MISMATCH}; then continue the thread: ${weft} resume --queue … -- <thread>`,
  ECONNREFUSED: () => 'is the Postgres server running, and is the URL in --store right?',
  ENOTFOUND: () => 'check the host name in the --store URL',
  '28P01': () => 'check the user and password in the --store URL',
};
const DEFAULT_HINT = 'WEFT_DEBUG=1 shows the stack trace';

/**
 * What QUEUE_SIGNATURE_INVALID means to whoever runs the workers: a part of
 * a distributed step that its worker refused, never applied to the thread.
 */
export const SIGNATURE_MISMATCH =
  "start every worker of the queue with the same WEFT_SIGNING_KEY: a worker with another key, or none, made what was refused, or something else wrote it into the queue's Redis (it was not applied)";

/**
 * Prints a failure as two lines, `weft: <message>` and `hint: <what to do>`
 * (plus the stack traces of it and its causes with WEFT_DEBUG=1), and gives the exit code: 2 for usage
 * errors, 1 for everything else. Both lines are terminal-safe: messages
 * quote thread ids, outputs and other errors' messages.
 */
export function reportError(err: unknown, io: CliIo): number {
  const { message, hint, exitCode } = explain(err, launcherText({ launcher: weftLauncher(io.env) }));
  io.stderr(`${terminalSafe(`weft: ${message}`)}\n${terminalSafe(`hint: ${hint}`)}\n`);
  if (io.env['WEFT_DEBUG'] === '1') io.stderr(`${debugText(err)}\n`);
  return exitCode;
}

function explain(err: unknown, weft: string): { message: string; hint: string; exitCode: number } {
  // The command's own messages are one line already: a newline in them comes from data (a thread id) and is escaped.
  if (err instanceof CliError) return { message: err.message, hint: err.hint, exitCode: err.exitCode };
  const code = (err as { code?: unknown } | null)?.code;
  const text = err instanceof Error ? err.message : String(err);
  const hint = (typeof code === 'string' && Object.hasOwn(HINTS, code) && HINTS[code]!(weft)) || DEFAULT_HINT;
  return { message: oneLine(text || 'unknown error'), hint, exitCode: 1 };
}

/** Multi-line messages (a graph's validation problems) on one line. */
export const oneLine = (text: string): string =>
  text
    .split('\n')
    .map((l) => l.trim().replace(/^- /, ''))
    .filter(Boolean)
    .reduce((all, line) => (all ? `${all}${all.endsWith(':') ? ' ' : '; '}${line}` : line), '');

/**
 * The stacks of the error and its causes, innermost first: the deepest cause
 * is where it went wrong (a tool's own throw, in the person's code); the
 * layers that wrapped it (the agent, the run, the command) follow, each
 * introduced by "which caused".
 */
function debugText(err: unknown): string {
  const chain: unknown[] = [];
  for (let e: unknown = err; e !== undefined && e !== null && chain.length < 8; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
    if (!(e instanceof Error) || chain.includes(e.cause)) break;
  }
  const stacks = chain.reverse().map((e) => (e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e)));
  if (stacks.length === 1) return stacks[0]!;
  return [`stack traces, innermost (where it was thrown) first:`, stacks.join('\nwhich caused:\n')].join('\n');
}
