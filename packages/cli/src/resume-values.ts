import { answeredEarlier } from '@weft/graph';
import { CliError, usageError } from './errors.ts';
import type { FlagText } from './flag-text.ts';
import { parseJsonFlag } from './parse-json-flag.ts';
import { printedCommand } from './printed-command.ts';
import type { ThreadHead } from './read-thread-head.ts';
import { resumeCommand, VALUE_PLACEHOLDER, type ResumeTarget } from './resume-command.ts';

/** The value flags of `weft resume`, their text already read (see flagText). */
export interface ResumeFlags {
  value?: FlagText | undefined;
  values?: FlagText | undefined;
  interrupt?: string | undefined;
}

/**
 * The values `weft resume` gives, checked against the checkpoint before
 * anything runs: `--value` goes to `--interrupt <id>` or to the only pending
 * interrupt; `--values` is an object by id. Undefined when nothing waits for
 * a value (a run that failed or crashed continues without values, also one
 * that crashed after an earlier resume gave its values: the checkpoint
 * carries them, and a second value for the same interrupt is refused, also
 * when a resume the thread has gone on from gave it: see answeredOrNot).
 */
export async function resumeValues(
  head: ThreadHead,
  flags: ResumeFlags,
  target: ResumeTarget,
): Promise<Record<string, unknown> | undefined> {
  return answeredOrNot(target, head, () => checkedValues(head, flags, target));
}

function checkedValues(head: ThreadHead, flags: ResumeFlags, target: ResumeTarget): Record<string, unknown> | undefined {
  const { record } = head;
  const { threadId } = record;
  const carried = new Set((record.resumeValues ?? []).map(([id]) => id));
  const waiting = record.interrupts.filter((i) => !carried.has(i.id));
  const pending = waiting.map((i) => i.id);
  const listed = pending.map((id) => JSON.stringify(id)).join(', ');
  const suggestion = () => `answer with: ${resumeCommand(threadId, waiting, target)}`;
  const history = () => printedCommand('history', [], [threadId], target);
  if (flags.value !== undefined && flags.values !== undefined)
    throw usageError('resume: give --value or --values, not both', '--values answers several interrupts at once');
  if (flags.interrupt !== undefined && flags.value === undefined)
    throw usageError('resume: --interrupt needs --value', `e.g. --value '{"approved":true}' --interrupt '<id>'`);
  if (flags.value === undefined && flags.values === undefined) {
    if (record.status === 'done')
      throw new CliError(
        'VALUE_REQUIRED',
        `thread "${threadId}" is done at checkpoint "${record.id}": nothing to resume`,
        `list its checkpoints: ${history()}`,
      );
    if (pending.length === 0) return undefined;
    throw new CliError(
      'VALUE_REQUIRED',
      `thread "${threadId}" waits on ${pending.length === 1 ? 'an interrupt' : `${pending.length} interrupts`}: ${listed}`,
      suggestion(),
    );
  }
  const values =
    flags.values !== undefined
      ? valuesObject(flags.values)
      : { [targetId(flags.interrupt, pending, head, target)]: parseFlag('--value', flags.value!) };
  const again = Object.keys(values).filter((id) => carried.has(id));
  if (again.length) throw alreadyAnswered(again, head, target);
  if (pending.length === 0)
    throw new CliError(
      'UNKNOWN_INTERRUPT',
      `thread "${threadId}" has no pending interrupt at checkpoint "${record.id}" (status ${record.status})`,
      record.status === 'done'
        ? `the thread is done; list its checkpoints: ${history()}`
        : `leave out the value to continue it: ${resumeCommand(threadId, [], target)}`,
      { details: { unknown: Object.keys(values), pending } },
    );
  const unknown = Object.keys(values).filter((id) => !pending.includes(id));
  if (unknown.length)
    throw new CliError(
      'UNKNOWN_INTERRUPT',
      `thread "${threadId}" has no pending interrupt ${unknown.map((u) => JSON.stringify(u)).join(', ')}; pending: ${listed}`,
      suggestion(),
      { details: { unknown, pending } },
    );
  return values;
}

function targetId(flag: string | undefined, pending: string[], head: ThreadHead, target: ResumeTarget): string {
  if (flag !== undefined) return flag;
  const { threadId, interrupts } = head.record;
  if (pending.length === 1) return pending[0]!;
  // Nothing waits: a value for the only interrupt is one for an interrupt already answered.
  if (pending.length === 0) return interrupts.length === 1 ? interrupts[0]!.id : '';
  const [first] = interrupts.filter((i) => i.id === pending[0]);
  throw new CliError(
    'INTERRUPT_AMBIGUOUS',
    `thread "${threadId}" waits on ${pending.length} interrupts (${pending.map((id) => JSON.stringify(id)).join(', ')}): say which one --value answers`,
    `answer one with --interrupt: ${resumeCommand(threadId, first ? [first] : [], target)}; or all at once: ${resumeCommand(
      threadId,
      interrupts.filter((i) => pending.includes(i.id)),
      target,
    )}`,
  );
}

/**
 * A value for an interrupt that an earlier resume already answered (it
 * stopped, failed or crashed before the thread moved on): the thread goes
 * on with that value. A different answer is a fork from the interrupted
 * checkpoint, the one this checkpoint continued.
 */
function alreadyAnswered(ids: string[], head: ThreadHead, target: ResumeTarget): CliError {
  const { threadId } = head.record;
  const interrupted = head.entry.parentId;
  const fork = interrupted
    ? `; to answer differently, fork from the interrupted checkpoint: ${resumeCommand(threadId, [], target, [
        ['--checkpoint', interrupted],
        ['--value', VALUE_PLACEHOLDER],
        ...(ids.length === 1 ? [['--interrupt', ids[0]!] as const] : []),
      ])}`
    : '';
  return new CliError(
    'INTERRUPT_ALREADY_ANSWERED',
    `interrupt ${ids.map((id) => JSON.stringify(id)).join(', ')} of thread "${threadId}" already has a value from an earlier resume (checkpoint "${head.entry.id}"), which the thread continues with`,
    `continue with that value, without giving one: ${resumeCommand(threadId, [], target)}${fork}`,
    { details: { answered: ids, checkpointId: head.entry.id, interrupted } },
  );
}

const parseFlag = (flag: string, given: FlagText): unknown => parseJsonFlag(flag, given.text, given.source === flag ? undefined : given);

function valuesObject(given: FlagText): Record<string, unknown> {
  const values = parseFlag('--values', given);
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    throw new CliError(
      'JSON_INVALID',
      '--values must be a JSON object of values by interrupt id',
      `e.g. --values '{"<id>": {"approved": true}}'`,
    );
  return values as Record<string, unknown>;
}

/**
 * The values, or why not: ids the thread's checkpoint does not wait on that a
 * resume on its line already answered are INTERRUPT_ALREADY_ANSWERED, as the
 * library's resume refuses them (checked here, before a module is loaded or a
 * job sent to a queue).
 */
async function answeredOrNot(
  target: ResumeTarget,
  head: ThreadHead,
  values: () => Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | undefined> {
  try {
    return values();
  } catch (err) {
    const details =
      err instanceof CliError && err.code === 'UNKNOWN_INTERRUPT' ? (err.details as { unknown?: unknown } | undefined) : undefined;
    const unknown = details?.unknown;
    if (!Array.isArray(unknown)) throw err;
    const answered = await answeredEarlier(target.opened.store, head.record.threadId, head.entry.id, unknown as string[]);
    if (!answered) throw err;
    const { interrupted } = (answered.details ?? {}) as { interrupted?: string };
    const { threadId } = head.record;
    const hint = interrupted
      ? `to answer differently, fork from the interrupted checkpoint: ${resumeCommand(threadId, [], target, [
          ['--checkpoint', interrupted],
          ['--value', VALUE_PLACEHOLDER],
        ])}`
      : `see the thread's checkpoints: ${printedCommand('history', [], [threadId], target)}`;
    throw new CliError('INTERRUPT_ALREADY_ANSWERED', answered.message.replace(/; to answer differently.*$/, ''), hint, {
      details: answered.details,
    });
  }
}
