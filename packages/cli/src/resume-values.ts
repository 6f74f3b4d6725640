import type { CheckpointRecord } from '@weft/graph';
import { CliError, usageError } from './errors.ts';
import type { OpenedStore } from './open-store.ts';
import { parseJsonFlag } from './parse-json-flag.ts';
import { resumeCommand } from './resume-command.ts';

export interface ResumeFlags {
  value?: string;
  values?: string;
  interrupt?: string;
}

/**
 * The values `weft resume` gives, checked against the checkpoint's pending
 * interrupts before anything runs: `--value` goes to `--interrupt <id>` or to
 * the only pending interrupt; `--values` is an object by id. Undefined when
 * nothing is pending (a run that failed or crashed continues without values).
 */
export function resumeValues(record: CheckpointRecord, flags: ResumeFlags, opened: OpenedStore): Record<string, unknown> | undefined {
  const { threadId } = record;
  const pending = record.interrupts.map((i) => i.id);
  const listed = pending.map((id) => JSON.stringify(id)).join(', ');
  const suggestion = () => `answer with: ${resumeCommand(threadId, record.interrupts, opened)}`;
  if (flags.value !== undefined && flags.values !== undefined)
    throw usageError('resume: give --value or --values, not both', '--values answers several interrupts at once');
  if (flags.interrupt !== undefined && flags.value === undefined)
    throw usageError('resume: --interrupt needs --value', `e.g. --value '{"approved":true}' --interrupt '<id>'`);
  if (flags.value === undefined && flags.values === undefined) {
    if (record.status === 'done')
      throw new CliError(
        'VALUE_REQUIRED',
        `thread "${threadId}" is done at checkpoint "${record.id}": nothing to resume`,
        `weft history ${threadId} lists its checkpoints`,
      );
    if (pending.length === 0) return undefined;
    throw new CliError(
      'VALUE_REQUIRED',
      `thread "${threadId}" waits on ${pending.length === 1 ? 'an interrupt' : `${pending.length} interrupts`}: ${listed}`,
      suggestion(),
    );
  }
  if (pending.length === 0)
    throw new CliError(
      'UNKNOWN_INTERRUPT',
      `thread "${threadId}" has no pending interrupt at checkpoint "${record.id}" (status ${record.status})`,
      record.status === 'done'
        ? `the thread is done; weft history ${threadId} shows its checkpoints`
        : `leave out --value to continue it; weft history ${threadId} shows its checkpoints`,
    );
  const values =
    flags.values !== undefined
      ? valuesObject(flags.values)
      : { [targetId(flags.interrupt, pending, threadId, listed, suggestion)]: parseJsonFlag('--value', flags.value!) };
  const unknown = Object.keys(values).filter((id) => !pending.includes(id));
  if (unknown.length)
    throw new CliError(
      'UNKNOWN_INTERRUPT',
      `thread "${threadId}" has no pending interrupt ${unknown.map((u) => JSON.stringify(u)).join(', ')}; pending: ${listed}`,
      suggestion(),
      {
        details: { unknown, pending },
      },
    );
  return values;
}

function targetId(flag: string | undefined, pending: string[], threadId: string, listed: string, suggestion: () => string): string {
  if (flag !== undefined) return flag;
  if (pending.length === 1) return pending[0]!;
  throw new CliError(
    'INTERRUPT_AMBIGUOUS',
    `thread "${threadId}" waits on ${pending.length} interrupts (${listed}): say which one --value answers`,
    `add --interrupt '<id>', or answer several with --values; ${suggestion()}`,
  );
}

function valuesObject(text: string): Record<string, unknown> {
  const values = parseJsonFlag('--values', text);
  if (values === null || typeof values !== 'object' || Array.isArray(values))
    throw new CliError(
      'JSON_INVALID',
      '--values must be a JSON object of values by interrupt id',
      `e.g. --values '{"<id>": {"approved": true}}'`,
    );
  return values as Record<string, unknown>;
}
