import { appendFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { runTargetKind } from '@weft/agents';
import type { EvalDefinition, EvalSubject } from '@weft/eval';
import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import type { Eval } from './load-eval.ts';
import { openStore } from './open-store.ts';
import { terminalSafe } from './terminal-safe.ts';

/** The flags of `weft eval --from-thread`. */
export interface FromThreadFlags {
  'from-thread': string;
  checkpoint?: string | undefined;
  'case-id'?: string | undefined;
  'save-case'?: string | undefined;
  store?: string | undefined;
}

/**
 * The eval with one case, made from a stored thread (caseFromThread, read
 * on the command's store at `--checkpoint` or the thread's latest), in place
 * of its own cases: the eval's target and scorers judge how the current code
 * continues that conversation. `--save-case` appends the case to a dataset
 * (one JSON line) before it runs, so it stays as a regression case.
 */
export async function fromThreadEval(ev: Eval, definition: EvalDefinition, flags: FromThreadFlags, io: CliIo): Promise<EvalDefinition> {
  const opened = await openStore({ flag: flags.store, env: io.env, cwd: io.cwd, create: false });
  let testCase;
  try {
    testCase = await ev.caseFromThread(subject(definition), opened.store, flags['from-thread'], {
      ...(flags.checkpoint !== undefined ? { checkpointId: flags.checkpoint } : {}),
      ...(flags['case-id'] !== undefined ? { id: flags['case-id'] } : {}),
    });
  } finally {
    await opened.close();
  }
  if (flags['save-case'] !== undefined) {
    const file = resolve(io.cwd, flags['save-case']);
    try {
      await appendFile(file, `${JSON.stringify(testCase)}\n`);
    } catch (err) {
      throw new CliError(
        'FILE_UNWRITABLE',
        `cannot append to ${file}: ${(err as Error).message}`,
        'check that the folder exists and is writable',
        {
          cause: err,
        },
      );
    }
    io.stderr(`${terminalSafe(`appended case ${testCase.id} to ${file}`)}\n`);
  }
  return { ...definition, cases: [testCase] };
}

/** The agent or graph the eval runs, its factory called as when the eval is checked (no case, the models as they are). */
function subject(definition: EvalDefinition): EvalSubject {
  const { target } = definition;
  if (runTargetKind(target) !== undefined || typeof target !== 'function') return target as EvalSubject;
  return target({ caseId: undefined, model: (live) => live });
}
