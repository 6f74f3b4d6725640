import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import type { JournalLine } from '../fixtures/journal-line.ts';

export interface JournalExpectation {
  /** The threads that must all be in the journal. */
  threads: readonly string[];
  /** Every thread's steps, in order: each must have run, and nothing else. */
  steps: readonly { node: string; step: number }[];
  /** The node whose side effect (`effect` line) is counted. */
  effectNode: string;
  /** pid → the moment the test saw it die, for every process it SIGKILLed. */
  killed: ReadonlyMap<number, number>;
}

export interface JournalReport {
  /** Everything that broke a rule, for one `expect(problems).toEqual([])`. */
  problems: string[];
  executions: number;
  /** Executions of a step beyond its first (each one cut short by a kill). */
  repeats: number;
  /** Effects beyond the first of their step (each with the same idempotency key). */
  duplicateEffects: number;
  /** Killed processes that had a step in flight (one that then ran again elsewhere). */
  killsInFlight: number;
}

interface Execution {
  pid: number;
  node: string;
  step: number;
  key: string;
  start: number;
  end: number | undefined;
  effects: string[];
}

export const readJournal = (path: string): JournalLine[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JournalLine);

/**
 * Checks the journal against the rules of the distributed tests, per thread:
 * - every expected step ran, and no other (a step repeated after a crash keeps its number);
 * - a step ran more than once only when each earlier run was cut by a kill:
 *   its process was SIGKILLed while this was its last step on the thread
 *   (the step had not reached its checkpoint), and then every run of it, and
 *   every effect, carries the same idempotency key;
 * - the effect happened in the run that finished the step;
 * - no two runs overlap in time (one runner per thread, across processes):
 *   a run cut by a kill lasts until its process's exit;
 * - nothing was written by a process after it died.
 */
export function checkJournal(lines: readonly JournalLine[], expect: JournalExpectation): JournalReport {
  const report: JournalReport = { problems: [], executions: 0, repeats: 0, duplicateEffects: 0, killsInFlight: 0 };
  const byThread = new Map<string, JournalLine[]>(expect.threads.map((t) => [t, []]));
  for (const line of lines) {
    const list = byThread.get(line.threadId);
    if (list) list.push(line);
    else report.problems.push(`a line for unknown thread ${line.threadId}`);
  }
  const cutBy = new Set<number>();
  for (const [threadId, list] of byThread) checkThread(threadId, list, expect, report, cutBy);
  report.killsInFlight = cutBy.size;
  return report;
}

function executionsOf(threadId: string, list: readonly JournalLine[], problems: string[]): Execution[] {
  const runs: Execution[] = [];
  const open = (l: JournalLine) => runs.findLast((r) => r.pid === l.pid && r.node === l.node && r.step === l.step && r.end === undefined);
  for (const l of list) {
    if (l.ev === 'ask') continue;
    if (l.ev === 'start') {
      runs.push({ pid: l.pid, node: l.node, step: l.step, key: l.key, start: l.t, end: undefined, effects: [] });
      continue;
    }
    const run = open(l);
    if (!run) problems.push(`${threadId}: '${l.ev}' of ${l.node}@${l.step} by ${l.pid} without a start`);
    else if (l.ev === 'end') run.end = l.t;
    else run.effects.push(l.key);
  }
  return runs;
}

function checkThread(threadId: string, list: JournalLine[], expect: JournalExpectation, report: JournalReport, cutBy: Set<number>): void {
  const problems = report.problems;
  const runs = executionsOf(threadId, list, problems);
  report.executions += runs.length;
  if (runs.length === 0) {
    problems.push(`${threadId}: no step ran (thread lost)`);
    return;
  }
  const id = (r: { node: string; step: number }) => `${r.node}@${r.step}`;
  const seen = [...new Set(runs.map(id))];
  const want = expect.steps.map(id);
  if (JSON.stringify(seen) !== JSON.stringify(want)) problems.push(`${threadId}: steps ${seen.join(', ')}; expected ${want.join(', ')}`);

  for (const step of want) {
    const these = runs.filter((r) => id(r) === step);
    if (these.length === 0) continue;
    const last = these.at(-1)!;
    if (last.end === undefined) problems.push(`${threadId}: ${step} never finished`);
    for (const earlier of these.slice(0, -1)) {
      const lastOfPid = runs.filter((r) => r.pid === earlier.pid).at(-1)!;
      if (!expect.killed.has(earlier.pid) || lastOfPid !== earlier)
        problems.push(`${threadId}: ${step} ran again after pid ${earlier.pid} ran it, though no kill cut it short`);
      else cutBy.add(earlier.pid);
    }
    report.repeats += these.length - 1;
    const keys = new Set(these.flatMap((r) => [r.key, ...r.effects]));
    if (keys.size !== 1) problems.push(`${threadId}: ${step} ran with different idempotency keys: ${[...keys].join(', ')}`);
    if (step.startsWith(`${expect.effectNode}@`)) {
      const effects = these.reduce((n, r) => n + r.effects.length, 0);
      if (last.effects.length !== 1) problems.push(`${threadId}: the run that finished ${step} made ${last.effects.length} effects`);
      report.duplicateEffects += Math.max(0, effects - 1);
    }
  }

  // One runner at a time: each run starts after every earlier run has ended (or its process died).
  let busyUntil = -Infinity;
  let busyWith: Execution | undefined;
  for (const r of [...runs].sort((a, b) => a.start - b.start)) {
    const died = expect.killed.get(r.pid);
    const end = r.end ?? died;
    if (end === undefined) problems.push(`${threadId}: ${id(r)} by live pid ${r.pid} has no end`);
    if (r.start < busyUntil)
      problems.push(`${threadId}: ${id(r)} by pid ${r.pid} started while ${id(busyWith!)} by pid ${busyWith!.pid} was running`);
    if ((end ?? r.start) > busyUntil) [busyUntil, busyWith] = [end ?? r.start, r];
  }
  const late = new Set(list.filter((l) => l.t > (expect.killed.get(l.pid) ?? Infinity)).map((l) => l.pid));
  for (const pid of late) problems.push(`${threadId}: pid ${pid} wrote after it died`);
}

/**
 * The processes with a step running now, judging by the journal's last
 * `bytes`: a `start` without its `end` yet. The chaos test kills one of these,
 * so that its kills land in flight rather than on an idle worker.
 */
export function busyPids(path: string, bytes = 64 * 1024): Set<number> {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buf, 0, buf.length, size - buf.length);
    const open = new Map<string, number>();
    for (const text of buf.toString('utf8').split('\n').slice(1)) {
      if (!text) continue;
      const l = JSON.parse(text) as JournalLine;
      const at = `${l.pid} ${l.threadId} ${l.node} ${l.step}`;
      if (l.ev === 'start') open.set(at, l.pid);
      else if (l.ev === 'end') open.delete(at);
    }
    return new Set(open.values());
  } finally {
    closeSync(fd);
  }
}
