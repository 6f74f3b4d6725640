import type { GraphEvent } from '@weft/graph';

export interface JobEventsExpectation {
  steps: readonly { node: string; step: number }[];
  status: string;
  output: unknown;
}

/**
 * Checks one job's event stream as a consumer sees it after crashes. An
 * attempt's events are published in batches, so a killed attempt loses those
 * it had not sent yet: the stream promises order, not every event of a
 * killed attempt. So: the events of each attempt (a run, by `runId`) form one
 * block, blocks in order, each going forward in steps; the steps started
 * are the expected ones in order (some may be missing, when an attempt died
 * before sending them and the next one started after them); one `run.end`,
 * last, with the expected status and output (when the run ended in an
 * attempt that was then killed, the redelivered job adds it, rebuilt from the
 * checkpoint, with the run id `job:<id>`).
 * Returns the problems, prefixed with `label`.
 */
export function checkJobEvents(label: string, events: readonly GraphEvent[], expected: JobEventsExpectation): string[] {
  const problems: string[] = [];
  const runs = events.map((e) => e.runId).filter((id, i, all) => i === 0 || all[i - 1] !== id);
  if (new Set(runs).size !== runs.length) problems.push(`${label}: attempts interleave (${runs.join(' ')})`);
  for (const run of new Set(runs)) {
    const steps = events.filter((e) => e.runId === run).map((e) => e.step);
    if (steps.some((s, i) => i > 0 && s < steps[i - 1]!)) problems.push(`${label}: run ${run}'s events go back in steps`);
  }
  const starts = [...new Set(events.flatMap((e) => (e.type === 'node.start' ? [`${e.node}@${e.step}`] : [])))];
  const want = expected.steps.map((s) => `${s.node}@${s.step}`);
  const inOrder = starts.every((s, i) => want.indexOf(s) >= 0 && (i === 0 || want.indexOf(s) > want.indexOf(starts[i - 1]!)));
  if (!inOrder) problems.push(`${label}: steps started ${starts.join(', ')}; expected in order from ${want.join(', ')}`);
  const ends = events.filter((e) => e.type === 'run.end');
  const last = events.at(-1);
  if (ends.length !== 1 || last?.type !== 'run.end') problems.push(`${label}: ${ends.length} run.end events, last event ${last?.type}`);
  else if (last.status !== expected.status || JSON.stringify(last.output) !== JSON.stringify(expected.output))
    problems.push(`${label}: ended ${last.status} with ${JSON.stringify(last.output)}`);
  return problems;
}
