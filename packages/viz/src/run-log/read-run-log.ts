import { readFile } from 'node:fs/promises';
import { checkRunLogLine, type GraphEvent, type GraphJSON, type RunLogHeader, type RunLogLine } from '@weft/graph';
import { VizError } from '../errors.ts';
import { reviveBytes } from './revive-bytes.ts';

/** A run log read back: the graph to draw, and each recorded run (the first run, then every resume) with its events. */
export interface RunLog {
  /** The graph of the last header: the build the thread last ran (a resume may run a newer build; each header keeps its own). */
  graph: GraphJSON;
  runs: RunLogRun[];
  /**
   * Set when the file ends with a line that is cut short (no newline, not JSON):
   * a process stopped mid-write. That line is left out and reported here, so a
   * crashed run can still be viewed; a bad line anywhere else is an error.
   */
  truncated?: { line: number; text: string };
}

export interface RunLogRun {
  header: RunLogHeader;
  events: GraphEvent[];
}

/** Reads a run log written by `record: path`; a missing file is `RUN_LOG_NOT_FOUND`, bad content `RUN_LOG_INVALID`. */
export async function readRunLog(path: string): Promise<RunLog> {
  if (typeof path !== 'string' || path === '')
    throw new VizError('INVALID_ARGUMENT', 'readRunLog(path) takes the path of a run log (.jsonl)');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new VizError('RUN_LOG_NOT_FOUND', `run log "${path}" does not exist`, { cause: err, details: { path } });
    throw new VizError('RUN_LOG_INVALID', `run log "${path}" cannot be read (${(err as Error).message})`, {
      cause: err,
      details: { path },
    });
  }
  try {
    return parseRunLog(text);
  } catch (err) {
    if (err instanceof VizError)
      throw new VizError(err.code, `run log "${path}": ${err.message}`, { details: { path, ...(err.details as object) } });
    throw err;
  }
}

/**
 * Parses the text of a run log (JSONL). Line numbers in errors are 1-based.
 * Binary values written as `{"$bytes": "<base64>"}` are read back as `Uint8Array`s.
 */
export function parseRunLog(text: string): RunLog {
  if (typeof text !== 'string') throw new VizError('INVALID_ARGUMENT', 'parseRunLog(text) takes the text of a run log');
  const rows = text.split('\n');
  const endsCleanly = rows.at(-1) === '';
  if (endsCleanly) rows.pop();
  const values: { line: number; value: unknown }[] = [];
  let truncated: RunLog['truncated'];
  rows.forEach((row, i) => {
    if (row.trim() === '') return;
    const line = i + 1;
    try {
      values.push({ line, value: JSON.parse(row, reviveBytes) });
    } catch (err) {
      // Only the very last line may be cut short: the writer appends whole lines, so a partial one means it stopped mid-write.
      if (i === rows.length - 1 && !endsCleanly) truncated = { line, text: row };
      else throw invalid(line, `is not JSON (${(err as Error).message})`);
    }
  });
  const log = groupRunLog(values);
  return truncated ? { ...log, truncated } : log;
}

/** Groups run log lines (already parsed) into runs; `renderHtml` takes lines too. */
export function runLogFromLines(lines: readonly RunLogLine[]): RunLog {
  if (!Array.isArray(lines)) throw new VizError('INVALID_ARGUMENT', 'run must be a RunLog or an array of run log lines');
  return groupRunLog(lines.map((value, i) => ({ line: i + 1, value })));
}

function groupRunLog(values: readonly { line: number; value: unknown }[]): RunLog {
  if (values.length === 0) throw new VizError('RUN_LOG_EMPTY', 'the run log is empty: no header, no events');
  const runs: RunLogRun[] = [];
  for (const { line, value } of values) {
    const checked = checkRunLogLine(value);
    if ('problem' in checked) throw invalid(line, checked.problem, checked.code);
    if (checked.type === 'run.log') {
      runs.push({ header: checked, events: [] });
      continue;
    }
    const run = runs.at(-1);
    if (!run) throw invalid(line, `is a "${checked.type}" event before any run.log header`);
    run.events.push(checked);
  }
  return { graph: runs.at(-1)!.header.graph, runs };
}

function invalid(line: number, what: string, code: 'RUN_LOG_INVALID' | 'RUN_LOG_VERSION' = 'RUN_LOG_INVALID'): VizError {
  return new VizError(code, `line ${line} ${what}`, { details: { line } });
}
