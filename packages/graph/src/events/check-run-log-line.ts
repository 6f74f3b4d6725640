import type { ErrorObject } from 'ajv/dist/jtd.js';
import { jtdCheck } from '../schema/jtd.ts';
import { RUN_LOG_VERSION, type RunLogLine } from './run-log.ts';
import { runLogEventSchema, runLogHeaderSchema } from './run-log-schema.ts';

/** Why a line is not a run log line, worded to follow "line N …"; `code` is the reader's error code. */
export interface RunLogLineProblem {
  problem: string;
  code: 'RUN_LOG_INVALID' | 'RUN_LOG_VERSION';
}

const isHeader = jtdCheck(runLogHeaderSchema);
const isEvent = jtdCheck(runLogEventSchema);

/**
 * Checks a parsed run log line against the JTD schemas in run-log-schema.ts: a
 * header with a graph, or an event with `type`, `step` and `path`. A header of
 * another version is `RUN_LOG_VERSION` before its shape is looked at (a newer
 * format may have moved anything).
 *
 * @example
 * const checked = checkRunLogLine(JSON.parse(row));
 * if ('problem' in checked) throw new Error(`line ${n} ${checked.problem}`);
 */
export function checkRunLogLine(value: unknown): RunLogLine | RunLogLineProblem {
  const type = isObject(value) ? value['type'] : undefined;
  if (type === 'run.log') return checkHeader(value as Record<string, unknown>);
  // JTD has no minLength: an empty type is the one rule written by hand.
  if (type !== '' && isEvent(value)) return value as unknown as RunLogLine;
  const field = failedField(isEvent.errors);
  if (field === undefined) return invalid(`is not a JSON object (${describe(value)})`);
  if (field === 'type' || type === '') return invalid('has no "type"');
  if (field === 'step') return invalid(`is a "${String(type)}" event without a numeric "step"`);
  return invalid(`is a "${String(type)}" event without a "path" (an array of node names)`);
}

function checkHeader(value: Record<string, unknown>): RunLogLine | RunLogLineProblem {
  const { version } = value;
  if (version !== RUN_LOG_VERSION)
    return {
      code: 'RUN_LOG_VERSION',
      problem: `has version ${JSON.stringify(version)}; this viewer reads run logs of version ${RUN_LOG_VERSION}`,
    };
  if (isHeader(value)) return value as unknown as RunLogLine;
  if (failedField(isHeader.errors) === 'ts') return invalid('is a run.log header without a numeric "ts"');
  return invalid('is a run.log header without a graph (name, nodes, edges)');
}

/** The top-level field the first error is about (missing or wrong), or undefined when the value is not an object. */
function failedField(errors: ErrorObject[] | null | undefined): string | undefined {
  const error = errors?.[0];
  if (!error) return undefined;
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string' && error.instancePath === '') return missing;
  return error.instancePath.split('/')[1];
}

function invalid(problem: string): RunLogLineProblem {
  return { code: 'RUN_LOG_INVALID', problem };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
