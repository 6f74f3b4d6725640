import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvalReport } from '@weft/eval';
import type { CliIo } from './cli-io.ts';
import type { Eval } from './load-eval.ts';
import { writeOutput } from './write-output.ts';

/** The files `weft eval` writes beside its table: the JSON report, JUnit XML, the HTML page. */
export interface EvalOutputFiles {
  out?: string | undefined;
  junit?: string | undefined;
  html?: string | undefined;
}

/**
 * Writes the report files the flags ask for (each said on stderr, so
 * stdout keeps the table or the JSON alone). The HTML page replays each
 * case's run from the run logs the eval wrote to `runLogs` (`<case id>.jsonl`,
 * the first try of each case); a case without one is shown without a replay.
 */
export async function writeEvalOutputs(
  ev: Eval,
  report: EvalReport,
  files: EvalOutputFiles,
  runLogs: string | undefined,
  io: CliIo,
): Promise<void> {
  if (files.out !== undefined) writeOutput(io, files.out, `${JSON.stringify(report, null, 2)}\n`, `eval report of ${report.eval}`);
  if (files.junit !== undefined) writeOutput(io, files.junit, ev.toJUnit(report), `JUnit XML of ${report.eval}`);
  if (files.html !== undefined) {
    const logs = runLogs === undefined ? {} : await readRunLogs(report, runLogs);
    writeOutput(io, files.html, await ev.renderEvalReport(report, { runLogs: logs }), `HTML report of ${report.eval}`);
  }
}

async function readRunLogs(report: EvalReport, folder: string): Promise<Record<string, string>> {
  const logs: Record<string, string> = {};
  for (const c of report.cases) {
    try {
      logs[c.id] = await readFile(join(folder, `${c.id}.jsonl`), 'utf8');
    } catch (err) {
      // A case that never started a run (it failed before, or was stopped) wrote no log: its page has no replay.
      if ((err as { code?: unknown }).code !== 'ENOENT') throw err;
    }
  }
  return logs;
}
