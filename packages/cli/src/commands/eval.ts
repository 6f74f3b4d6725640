import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EvalReport } from '@weft/eval';
import type { Command } from '../command.ts';
import { evalError } from '../eval-error.ts';
import { evalExport } from '../eval-export.ts';
import { evalFlagOptions } from '../eval-flags.ts';
import { fromThreadEval } from '../eval-from-thread.ts';
import { writeEvalOutputs } from '../eval-outputs.ts';
import { evalProgress } from '../eval-progress.ts';
import { usageError } from '../errors.ts';
import { loadEval } from '../load-eval.ts';
import { importNamespace } from '../load-module.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';

const USAGE = `usage: weft eval <file> [options]

Runs the eval a module exports (defineEval from @weft/eval): each case on a
fresh thread, its models answered from the case's cassette, its interrupts
from the case's answers; scores every case and prints a table, the means,
the graph's coverage and the thresholds.

options:
  --eval <name>              the eval to run, when the module exports several
                             (the eval's name or its export's)
  --record                   call the models and write the cases' cassettes
  --live                     call the models, write no cassette
  --cassettes <folder>       the cassette folder, over the eval's
  --filter <id|tag>          only the cases whose id or a tag matches (* globs;
                             repeatable, or comma-separated)
  --repeat <k>               run each case k times: pass@k and pass^k
  --concurrency <n>          cases run at once (default 1)
  --min-score <0..1>         the mean case score the eval must reach
  --min-pass-rate <0..1>     the share of cases that must pass
  --min <scorer>=<0..1>      a scorer's mean the eval must reach (repeatable)
  --baseline <report.json>   compare with an earlier report: regressions,
                             improvements, new and removed cases
  --json                     print only the report, as JSON (progress stays on stderr)
  --out <file>               write the report, as JSON
  --junit <file>             write JUnit XML (one testcase per case) for CI
  --html <file>              write a self-contained HTML page, with each case's replay
  --from-thread <id>         evaluate one case made from a stored thread: its
                             first input, the answers its interrupts got, what it
                             did as the expected trajectory
  --checkpoint <id>          with --from-thread: up to this checkpoint
  --case-id <id>             with --from-thread: the case's id (default: the thread's)
  --save-case <file.jsonl>   with --from-thread: append the case to a dataset
  --store <spec>             with --from-thread: where the thread is (sqlite:<file> |
                             postgres:<url> | memory; default $WEFT_STORE, else
                             sqlite:.weft/weft.db)

Exit code: 0 when every case passed; 1 when a case failed, errored or
stopped at an interrupt nothing answered. With thresholds (the eval's, or
--min-score, --min-pass-rate, --min) the thresholds decide instead, but a
case that errored still fails the eval. 2 when the eval could not start: a
wrong command line, no eval in the module, an invalid eval or case, a
--baseline that is no report, @weft/eval not installed.`;

const OPTIONS = {
  eval: { type: 'string' },
  record: { type: 'boolean' },
  live: { type: 'boolean' },
  cassettes: { type: 'string' },
  filter: { type: 'string', multiple: true },
  repeat: { type: 'string' },
  concurrency: { type: 'string' },
  'min-score': { type: 'string' },
  'min-pass-rate': { type: 'string' },
  min: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  'from-thread': { type: 'string' },
  checkpoint: { type: 'string' },
  'case-id': { type: 'string' },
  'save-case': { type: 'string' },
  store: { type: 'string' },
} as const;

/** The flags that only mean something with --from-thread. */
const THREAD_FLAGS = ['checkpoint', 'case-id', 'save-case', 'store'] as const;

/** `weft eval <file>`: runs a module's eval, prints and writes its report, and exits by its result (see USAGE). */
export const evalCommand: Command = {
  name: 'eval',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('eval', args, OPTIONS, { names: ['file'], required: 1 }, io);
    const flagOptions = evalFlagOptions(values);
    for (const flag of THREAD_FLAGS)
      if (values[flag] !== undefined && values['from-thread'] === undefined)
        throw usageError(`eval: --${flag} needs --from-thread`, `add --from-thread <thread id>, or leave --${flag} out`);
    // Loaded before the module: once a TypeScript module has registered tsx, every later import goes through its loader thread.
    const [ev] = await Promise.all([loadEval(), import('@weft/agents')]);
    const file = resolve(io.cwd, positionals[0]!);
    const ns = await evalError(() => importNamespace(file));
    let { definition } = evalExport(file, ns, values.eval, ev.isEvalDefinition);
    const baseline =
      values.baseline === undefined ? undefined : await evalError(async () => ev.readReport({ file: resolve(io.cwd, values.baseline!) }));
    if (values['from-thread'] !== undefined)
      definition = await fromThreadEval(ev, definition, { ...values, 'from-thread': values['from-thread'] }, io);
    const runLogs = values.html === undefined ? undefined : await mkdtemp(join(tmpdir(), 'weft-eval-'));
    try {
      const progress = evalProgress(io);
      let report: EvalReport;
      try {
        report = await evalError(() =>
          ev.runEval(definition, {
            ...flagOptions,
            file,
            ...(values.cassettes !== undefined ? { cassettes: resolve(io.cwd, values.cassettes) } : {}),
            ...(runLogs !== undefined ? { runLogs } : {}),
            onProgress: progress.onProgress,
            ...(io.outputClosed ? { signal: io.outputClosed } : {}),
          }),
        );
      } finally {
        progress.end();
      }
      await writeEvalOutputs(ev, report, values, runLogs, io);
      // One line, with no character a terminal acts on (a model's output may hold bidi overrides).
      if (values.json) io.stdout(toJsonLine(report));
      else io.stdout(terminalSafe(ev.formatReportTable(report, baseline ? { baseline } : {}), { lines: true }));
      return evalExitCode(report);
    } finally {
      if (runLogs !== undefined) await rm(runLogs, { recursive: true, force: true });
    }
  },
};

/**
 * 0 when the eval passed, else 1. Without thresholds every case (every try,
 * with --repeat) must pass; with thresholds they decide, except that a case
 * that errored (it could not be scored: a failed run, a cassette without an
 * answer, a scorer that threw) fails the eval anyway — its score says nothing.
 */
export function evalExitCode(report: EvalReport): 0 | 1 {
  const statuses = report.cases.flatMap((c) => c.repeats?.statuses ?? [c.status]);
  if (statuses.includes('error')) return 1;
  if (report.thresholds.length > 0) return report.pass ? 0 : 1;
  return statuses.every((s) => s === 'passed') ? 0 : 1;
}
