import { RUN_LOG_VERSION, type RunLogLine } from '@weft/graph';

/** Why a line is not a run log line, worded to follow "line N …". */
export interface LineProblem {
  problem: string;
  code: 'RUN_LOG_INVALID' | 'RUN_LOG_VERSION';
}

/**
 * Checks the shape a viewer relies on: a header with a graph, or an event with
 * `type`, `step` and `path`. Event types this version does not know are kept
 * (the viewer skips them), so a log from a newer graph package still opens.
 */
export function checkRunLogLine(value: unknown): RunLogLine | LineProblem {
  if (!isObject(value)) return invalid(`is not a JSON object (${describe(value)})`);
  const { type } = value;
  if (typeof type !== 'string' || type === '') return invalid('has no "type"');
  if (type === 'run.log') return checkHeader(value);
  if (typeof value['step'] !== 'number') return invalid(`is a "${type}" event without a numeric "step"`);
  const path = value['path'];
  if (!Array.isArray(path) || !path.every((p) => typeof p === 'string'))
    return invalid(`is a "${type}" event without a "path" (an array of node names)`);
  return value as unknown as RunLogLine;
}

function checkHeader(value: Record<string, unknown>): RunLogLine | LineProblem {
  const { version, graph } = value;
  if (version !== RUN_LOG_VERSION)
    return {
      code: 'RUN_LOG_VERSION',
      problem: `has version ${JSON.stringify(version)}; this viewer reads run logs of version ${RUN_LOG_VERSION}`,
    };
  if (!isObject(graph) || typeof graph['name'] !== 'string' || !Array.isArray(graph['nodes']) || !Array.isArray(graph['edges']))
    return invalid('is a run.log header without a graph (name, nodes, edges)');
  return value as unknown as RunLogLine;
}

function invalid(problem: string): LineProblem {
  return { code: 'RUN_LOG_INVALID', problem };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
