import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import type { RunOutcome } from './execute-target.ts';
import { formatValue } from './format-value.ts';
import type { OpenedStore } from './open-store.ts';
import { isApproval, resumeCommand } from './resume-command.ts';
import { toJsonLine } from './to-json-line.ts';

/**
 * Tells how a run or resume ended: done (with the graph's output), or the
 * pending interrupts and the exact command that continues the thread; with
 * `--json`, one last `{"result": …}` line. A failed run throws RUN_FAILED.
 */
export function reportOutcome(
  outcome: RunOutcome,
  opened: OpenedStore,
  io: CliIo,
  options: { json: boolean; kind: 'agent' | 'graph' },
): void {
  const resume =
    outcome.status === 'interrupted' && !opened.ephemeral ? resumeCommand(outcome.threadId, outcome.interrupts, opened) : undefined;
  if (options.json) io.stdout(toJsonLine({ result: { ...outcome, ...(resume ? { resume } : {}) } }));
  else if (outcome.status === 'done') {
    const output = options.kind === 'graph' ? ` · output ${formatValue(outcome.output)}` : '';
    io.stdout(`\ndone · thread ${outcome.threadId}${output}\n`);
  } else if (outcome.status === 'interrupted') io.stdout(interruptedText(outcome, opened, resume));
  if (outcome.status === 'error') {
    const error = outcome.error ?? { code: 'RUN_FAILED', message: 'unknown failure' };
    throw new CliError('RUN_FAILED', `the run failed: ${error.code}: ${error.message}`, failureHint(error.code, outcome, opened), {
      details: { error },
    });
  }
}

function interruptedText(outcome: RunOutcome, opened: OpenedStore, resume: string | undefined): string {
  const n = outcome.interrupts.length;
  const lines = ['', `interrupted · thread ${outcome.threadId} · ${n} pending interrupt${n === 1 ? '' : 's'}`];
  for (const i of outcome.interrupts) {
    lines.push(`  ${i.id}`, `    address  ${i.address}`, `    info     ${formatValue(i.info, 300)}`);
    const tool = (i.info as { tool?: string }).tool;
    if (isApproval(i)) lines.push(`    answer   {"approved":true} runs ${tool}; {"approved":false,"reason":"…"} refuses it`);
  }
  if (!resume) lines.push(`(the ${opened.label} store ends with this command: run with --store sqlite:<file> to resume later)`);
  else lines.push('resume with:', `  ${resume}`);
  if (resume && n > 1) lines.push(`  (or one at a time: weft resume ${outcome.threadId} --value '<json>' --interrupt '<id>')`);
  return lines.join('\n') + '\n';
}

function failureHint(code: string, outcome: RunOutcome, opened: OpenedStore): string {
  // Session values are given when a run starts; a resume cannot add them.
  if (code === 'INSTRUCTION_KEY_MISSING') return 'run again with the missing value: --session <key>=<value>';
  if (opened.ephemeral) return 'fix the cause and run again (a memory store keeps nothing)';
  const resume = resumeCommand(outcome.threadId, [], opened);
  if (code === 'RUN_ABORTED') return `continue where it stopped: ${resume}`;
  if (code === 'MAX_STEPS_EXCEEDED') return `continue with a fresh step budget: ${resume}`;
  return `fix the cause, then continue from the last checkpoint: ${resume}`;
}
