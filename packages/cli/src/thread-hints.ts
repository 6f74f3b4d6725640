import type { WeftErrorCode } from '@weft/graph';
import { CliError } from './errors.ts';
import { formatTime } from './format-time.ts';
import { printedCommand, type PrintedOption } from './printed-command.ts';
import { resumeCommand, type ResumeTarget } from './resume-command.ts';

/** What THREAD_BUSY carries: who holds the thread, since when and until when (ms since the epoch). */
interface BusyDetails {
  holder?: unknown;
  since?: unknown;
  expiresAt?: unknown;
}

/**
 * A lower layer's error about a thread, with a hint that names the thread
 * and the exact command to run next (the code stays the lower layer's);
 * `repeat` are the options the person gave, which the takeover command
 * repeats. An error this does not know, or one the command already
 * explained, is returned as it is.
 */
export function explainThreadError(err: unknown, threadId: string, target: ResumeTarget, repeat: readonly PrintedOption[] = []): unknown {
  if (err instanceof CliError || err === null || typeof err !== 'object') return err;
  const { code, message, details } = err as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return err;
  const hint = threadHint(code, threadId, target, details, repeat);
  return hint === undefined ? err : new CliError(code as WeftErrorCode, message, hint, { cause: err, details });
}

function threadHint(
  code: string,
  threadId: string,
  target: ResumeTarget,
  details: unknown,
  repeat: readonly PrintedOption[],
): string | undefined {
  const history = () => printedCommand('history', [], [threadId], target);
  switch (code) {
    case 'THREAD_BUSY':
      return busyHint(threadId, target, (details ?? {}) as BusyDetails, repeat);
    case 'LEASE_LOST':
      return `another process took the thread over while this one ran; see what it did: ${history()}`;
    case 'CONCURRENT_RESUME':
      return `another process continued this thread first; see what it did: ${history()}`;
    case 'NOTHING_TO_RESUME':
    case 'UNKNOWN_INTERRUPT':
      return `see the thread's checkpoints and what they wait on: ${history()}`;
    case 'CHECKPOINT_CORRUPT':
    case 'CHECKPOINT_VERSION':
      return `continue from an earlier checkpoint: list them with ${history()}; then ${resumeCommand(threadId, [], target, [['--checkpoint', '<id>']])}`;
    default:
      return undefined;
  }
}

/**
 * Someone holds the thread. Taking it over while that holder still runs
 * would run the thread's nodes twice, side effects included: the hint says
 * whom to check on before doing it.
 */
function busyHint(threadId: string, target: ResumeTarget, d: BusyDetails, repeat: readonly PrintedOption[]): string {
  const holder = typeof d.holder === 'string' ? d.holder : 'another process';
  const since = typeof d.since === 'number' ? ` since ${formatTime(d.since)}` : '';
  const until = typeof d.expiresAt === 'number' ? ` (its lease runs until ${formatTime(d.expiresAt)} unless renewed)` : '';
  return `${holder} runs it${since}${until}: wait for that run to end; only if ${holder} is gone (its process ended, its machine is lost) take the thread over: ${resumeCommand(threadId, [], target, [['--take-over'], ...repeat])}`;
}
