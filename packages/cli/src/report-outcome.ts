import type { WeftErrorJSON } from '@weft/graph';
import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import type { RunOutcome } from './run-outcome.ts';
import { formatValue } from './format-value.ts';
import { oneLine, SIGNATURE_MISMATCH } from './report-error.ts';
import { exampleValue } from './example-value.ts';
import { isApproval, resumeCommand, suggestedValue, VALUE_PLACEHOLDER, type ResumeTarget } from './resume-command.ts';
import { terminalSafe } from './terminal-safe.ts';
import { toJsonLine } from './to-json-line.ts';

/**
 * Tells how a run or resume ended: done (with the graph's output), or the
 * pending interrupts and the exact command that continues the thread; with
 * `--json`, one last `{"result": …}` line. A failed run throws RUN_FAILED.
 */
export function reportOutcome(
  outcome: RunOutcome,
  target: ResumeTarget,
  io: CliIo,
  options: { json: boolean; kind: 'agent' | 'graph' },
): void {
  const { opened } = target;
  const resume =
    outcome.status === 'interrupted' && !opened.ephemeral ? resumeCommand(outcome.threadId, outcome.interrupts, target) : undefined;
  const { failure, ...result } = outcome;
  if (options.json) io.stdout(toJsonLine({ result: { ...result, ...(resume ? { resume } : {}) } }));
  else if (outcome.status === 'done') {
    const output = options.kind === 'graph' ? ` · output ${formatValue(outcome.output)}` : '';
    io.stdout(`\n${terminalSafe(`done · thread ${outcome.threadId}${checkpointText(outcome)}${output}`)}\n`);
  } else if (outcome.status === 'interrupted') io.stdout(interruptedText(outcome, target, resume));
  if (outcome.status === 'error') {
    const error: WeftErrorJSON = outcome.error ?? { name: 'WeftError', code: 'RUN_FAILED', message: 'unknown failure' };
    const cause = rootCode(error);
    const codes = cause ? `${error.code} (cause: ${cause})` : error.code;
    throw new CliError('RUN_FAILED', `the run failed: ${codes}: ${oneLine(error.message)}`, failureHint(error, outcome, target), {
      cause: failure,
      details: { error },
    });
  }
}

/**
 * The code of the innermost cause that has one of its own, when it is not the
 * error's: an agent's MODEL_FAILED says that the model refused the input
 * (UNSUPPORTED_CONTENT), which decides what to do. A cause without a code
 * (`ERROR`) adds nothing the message does not say.
 */
function rootCode(error: WeftErrorJSON): string | undefined {
  let code: string | undefined;
  for (let e: unknown = error.cause; isCoded(e); e = e.cause) if (e.code !== 'ERROR') code = e.code;
  return code === error.code ? undefined : code;
}

const isCoded = (e: unknown): e is { code: string; cause?: unknown } =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';

/** ` · seq 3, step 1`: the checkpoint as `weft history` lists it (see checkpointAt). */
const checkpointText = (o: RunOutcome): string => (o.seq === undefined ? '' : ` · seq ${o.seq}, step ${o.step}`);

function interruptedText(outcome: RunOutcome, target: ResumeTarget, resume: string | undefined): string {
  const n = outcome.interrupts.length;
  const lines = ['', `interrupted · thread ${outcome.threadId}${checkpointText(outcome)} · ${n} pending interrupt${n === 1 ? '' : 's'}`];
  for (const i of outcome.interrupts) {
    lines.push(`  ${i.id}`, `    address  ${i.address}`, `    info     ${formatValue(i.info, 300)}`);
    const tool = (i.info as { tool?: string }).tool;
    if (isApproval(i)) lines.push(`    answer   {"approved":true} runs ${tool}; {"approved":false,"reason":"…"} refuses it`);
  }
  if (!resume) lines.push(`(the ${target.opened.label} store ends with this command: run with --store sqlite:<file> to resume later)`);
  else lines.push('resume with:', `  ${resume}`);
  const [first] = outcome.interrupts;
  if (resume && n > 1 && first)
    lines.push(
      '  or one at a time:',
      `  ${resumeCommand(outcome.threadId, [], target, [
        ['--value', suggestedValue(first)],
        ['--interrupt', first.id],
      ])}`,
    );
  return lines.map((line) => terminalSafe(line)).join('\n') + '\n';
}

function failureHint(error: WeftErrorJSON, outcome: RunOutcome, target: ResumeTarget): string {
  const { code } = error;
  // The same input fails the same way again: resuming would not help.
  if (rootCode(error) === 'UNSUPPORTED_CONTENT' || code === 'UNSUPPORTED_CONTENT') return unsupportedHint(error);
  const key = (error.details as { key?: unknown } | undefined)?.key;
  const session = `${typeof key === 'string' ? key : '<key>'}=<value>`;
  if (target.opened.ephemeral)
    return code === 'INSTRUCTION_KEY_MISSING'
      ? `run again with the missing value: --session ${session}`
      : 'fix the cause and run again (a memory store keeps nothing)';
  const resume = resumeCommand(outcome.threadId, [], target);
  if (code === 'RESUME_INVALID') return resumeInvalidHint(error, outcome, target) ?? `answer again with a value that matches: ${resume}`;
  // The failed step waits in the thread; given the value its instruction lacks, the agent goes on from there.
  if (code === 'INSTRUCTION_KEY_MISSING')
    return `continue with the missing session value: ${resumeCommand(outcome.threadId, [], target, [['--session', session]])}`;
  if (code === 'RUN_ABORTED') return `continue where it stopped: ${resume}`;
  if (code === 'MAX_STEPS_EXCEEDED') return `continue with a fresh step budget: ${resume}`;
  // A task worker's refusal reaches the run as its task's failure, the refusal's code first in the reason.
  if (code === 'QUEUE_SIGNATURE_INVALID' || (code === 'QUEUE_TASK_FAILED' && error.message.includes(': QUEUE_SIGNATURE_INVALID: ')))
    return `${SIGNATURE_MISMATCH}; then continue from the last checkpoint: ${resume}`;
  return `fix the cause, then continue from the last checkpoint: ${resume}`;
}

/** What to do when the model cannot take a part of the input: another model, or the input without the part. */
function unsupportedHint(error: WeftErrorJSON): string {
  let details: unknown;
  for (let e: unknown = error; isCoded(e); e = e.cause)
    if (e.code === 'UNSUPPORTED_CONTENT') details = (e as { details?: unknown }).details;
  const type = (details as { partType?: unknown } | undefined)?.partType;
  const part = typeof type === 'string' ? `${type} parts` : 'such parts';
  return `the model does not take ${part}: run with a model that accepts them, or send the message without them (leave out that --attach); resuming sends the same input again`;
}

/** A value the interrupt's schema refused: the thread still waits there; the command answers it again, with a value shaped by the schema. */
function resumeInvalidHint(error: WeftErrorJSON, outcome: RunOutcome, target: ResumeTarget): string | undefined {
  const { interruptId, resumeSchema } = (error.details ?? {}) as { interruptId?: unknown; resumeSchema?: unknown };
  if (typeof interruptId !== 'string') return undefined;
  const value = exampleValue(resumeSchema) ?? VALUE_PLACEHOLDER;
  const command = resumeCommand(outcome.threadId, [], target, [
    ['--value', value],
    ['--interrupt', interruptId],
  ]);
  return `the thread still waits at ${JSON.stringify(interruptId)}; answer it again with a value its schema accepts: ${command}`;
}
