import { rm } from 'node:fs/promises';
import { toRunTarget, type AgentRunResult } from '@weft/agents';
import { MemoryStore, type Instrumentation, type RunResult } from '@weft/graph';
import type { EvalCase } from '../define/eval-case.ts';
import type { EvalDefinition } from '../define/eval-definition.ts';
import { EvalError } from '../errors.ts';
import type { CaseReport } from '../report/eval-report.ts';
import type { CaseRun } from '../scorers/scorer.ts';
import { CaseModels, type CaseCassette } from './case-models.ts';
import { caseStatus } from './case-status.ts';
import { graphIndex, type GraphIndex } from './graph-index.ts';
import { PathRecorder } from './path-recorder.ts';
import type { EvalMode } from './run-eval-options.ts';
import { runTurns, type TurnsOutcome } from './run-turns.ts';
import { scoreCase } from './score-case.ts';
import { subjectOf } from './subject-of.ts';
import { trajectoryOf } from './trajectory-of.ts';
import { usageOf } from './usage-of.ts';

/** One try of one case, as `runEval` hands it over. */
export interface CaseTry {
  definition: EvalDefinition;
  testCase: EvalCase;
  attempt: number;
  threadId: string;
  mode: EvalMode;
  cassette: CaseCassette;
  /** The run log file of this try, when run logs are kept. */
  runLog: string | undefined;
  instrumentation: readonly Instrumentation[];
  signal: AbortSignal | undefined;
}

/**
 * Runs one try of a case on a fresh thread in a store of its own, with the
 * models its mode gives (cassette, recording, live), then scores it. Never
 * rejects for what the case did: a failed run, a cassette mismatch, a
 * scorer that throws all end in the report as `error` with the reason.
 */
export async function runCase(t: CaseTry): Promise<CaseReport> {
  const { definition, testCase, cassette } = t;
  const models = new CaseModels(t.mode, cassette);
  await models.open();
  if (t.runLog) await rm(t.runLog, { force: true });
  const wall = testCase.budget?.wallMs;
  const signals = [t.signal, wall === undefined ? undefined : AbortSignal.timeout(wall)].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals);
  const subject = subjectOf(definition.target, { caseId: testCase.id, model: (live, o) => models.model(live, o) });
  // The recorder is one of the target's instrumentations, so it exists before the graph it reads.
  const compiled: { index?: GraphIndex } = {};
  const recorder = new PathRecorder(() => compiled.index);
  const instrumentation = [recorder, ...t.instrumentation];
  const target = toRunTarget(subject, { store: new MemoryStore(), instrumentation, caller: `eval "${definition.name}"` });
  const graph = target.graph.toJSON();
  compiled.index = graphIndex(graph);
  const began = performance.now();
  let outcome: TurnsOutcome | undefined;
  let thrown: unknown;
  try {
    outcome = await runTurns({
      target,
      threadId: t.threadId,
      inputs: [...(testCase.input === undefined ? [] : [testCase.input]), ...(testCase.turns ?? [])],
      sessionValues: { ...definition.sessionValues, ...testCase.sessionValues },
      answerSets: [testCase.answers ?? {}, definition.answers],
      signal,
      instrumentation,
      runLog: t.runLog,
    });
  } catch (err) {
    thrown = err;
  }
  const durationMs = performance.now() - began;
  const last = outcome?.last;
  const timedOut = wall !== undefined && signal.aborted && !t.signal?.aborted;
  const runError: Error | undefined =
    models.mismatch ??
    (timedOut
      ? new EvalError('BUDGET_EXCEEDED', `case "${testCase.id}" ran past its budget of ${wall} ms and was stopped`)
      : last?.status === 'error'
        ? last.error
        : thrown === undefined
          ? undefined
          : thrown instanceof Error
            ? thrown
            : new Error(String(thrown)));
  const events = outcome?.events ?? [];
  const run: CaseRun = {
    case: testCase,
    status: last === undefined || runError !== undefined ? 'error' : last.status,
    output: last?.status === 'done' ? outputOf(last) : undefined,
    finalMessage: last?.status === 'done' && 'finalMessage' in last ? last.finalMessage : undefined,
    error: runError === undefined ? undefined : { code: errorCode(runError), message: runError.message },
    trajectory: trajectoryOf(events),
    path: recorder.path(),
    interrupts: outcome?.interrupts ?? [],
    usage: usageOf(events, recorder, durationMs),
    events,
    threadId: t.threadId,
    checkpointId: last?.checkpointId,
    graph,
  };
  const scorers = models.mismatch ? {} : await scoreCase(run, definition.scorers, { model: (live, o) => models.model(live, o), signal });
  // A recording whose run failed (a live model's error, an abort) never replaces the case's cassette.
  if (models.mismatch || run.status === 'error') await models.discard();
  else await models.commit();
  return caseReport(t, run, scorers, durationMs);
}

function caseReport(t: CaseTry, run: CaseRun, scorers: CaseReport['scorers'], durationMs: number): CaseReport {
  const decided = caseStatus({ runStatus: run.status, runError: run.error, expected: t.testCase.expected?.status, scorers });
  const scored = Object.values(scorers).flatMap((o) => (o.kind === 'scored' ? [o.score] : []));
  const score = scored.length > 0 ? scored.reduce((a, b) => a + b, 0) / scored.length : decided.status === 'passed' ? 1 : 0;
  return {
    id: t.testCase.id,
    tags: t.testCase.tags ?? [],
    status: decided.status,
    score,
    scorers,
    ...(decided.error ? { error: decided.error } : {}),
    threadId: run.threadId,
    checkpointId: run.checkpointId,
    runStatus: run.status,
    output: run.output,
    trajectory: run.trajectory,
    path: run.path,
    interrupts: run.interrupts,
    usage: run.usage,
    durationMs,
    ...(t.runLog ? { runLog: t.runLog } : {}),
  };
}

function outputOf(result: AgentRunResult | RunResult): unknown {
  return 'finalOutput' in result ? result.finalOutput : result.output;
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'ERROR';
}
