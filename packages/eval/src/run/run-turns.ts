import type { AgentEvent, AgentRunResult, RunTarget } from '@weft/agents';
import type { Instrumentation, RunResult } from '@weft/graph';
import type { CaseInput } from '../define/eval-case.ts';
import { EvalError } from '../errors.ts';
import type { SeenInterrupt } from '../scorers/scorer.ts';
import { answerInterrupts } from './answer-interrupts.ts';

/** Resumes a case may make before it is stopped: an answer that interrupts again and again is a loop, not a conversation. */
const MAX_RESUMES = 100;

/** How a case's turns are run: its thread, inputs, answers, and what every run gets. */
export interface TurnsPlan {
  target: RunTarget;
  threadId: string;
  inputs: readonly CaseInput[];
  sessionValues: Record<string, unknown>;
  answerSets: readonly Readonly<Record<string, unknown>>[];
  signal: AbortSignal;
  instrumentation: readonly Instrumentation[];
  runLog: string | undefined;
}

/** What the turns did: the last run's result, every agent event, every interrupt met. */
export interface TurnsOutcome {
  last: AgentRunResult | RunResult;
  events: AgentEvent[];
  interrupts: SeenInterrupt[];
}

/**
 * Runs a case's turns on its thread, one after the other: each turn's run,
 * then, while it stops at interrupts the answers cover, a resume with those
 * values. An interrupt no answer covers ends the case there (the remaining
 * turns do not run), as does a failed run.
 */
export async function runTurns(plan: TurnsPlan): Promise<TurnsOutcome> {
  const events: AgentEvent[] = [];
  const interrupts: SeenInterrupt[] = [];
  let last: AgentRunResult | RunResult | undefined;
  for (const [turn, input] of plan.inputs.entries()) {
    last = await start(plan, input, turn === 0);
    collect(last, events);
    for (let resumes = 0; last.status === 'interrupted'; resumes++) {
      const values = answerInterrupts(last.interrupts, plan.answerSets);
      for (const i of last.interrupts)
        interrupts.push({
          id: i.id,
          address: i.address,
          info: i.info,
          answered: i.id in values,
          ...(i.id in values ? { answer: values[i.id] } : {}),
        });
      if (Object.keys(values).length === 0) return { last, events, interrupts };
      if (resumes >= MAX_RESUMES)
        throw new EvalError(
          'INVALID_ARGUMENT',
          `the case resumed ${MAX_RESUMES} times and still stops at interrupts: do its answers make the run interrupt again?`,
        );
      last = await resume(plan, last, values);
      collect(last, events);
    }
    if (last.status === 'error') break;
  }
  if (last === undefined) throw new EvalError('INVALID_ARGUMENT', 'the case has no input and no turns');
  return { last, events, interrupts };
}

function start(plan: TurnsPlan, input: CaseInput, first: boolean): Promise<AgentRunResult | RunResult> {
  const { target, threadId, signal, runLog } = plan;
  const common = { threadId, signal, ...(runLog ? { record: runLog } : {}) };
  if (target.kind === 'agent')
    return Promise.resolve(target.start(input, { ...common, ...(first ? { sessionValues: plan.sessionValues } : {}) }));
  return Promise.resolve(target.start(input, { ...common, instrumentation: plan.instrumentation }));
}

function resume(plan: TurnsPlan, last: AgentRunResult | RunResult, values: Record<string, unknown>): Promise<AgentRunResult | RunResult> {
  const { target, threadId, signal, runLog } = plan;
  const common = { signal, resume: values, ...(runLog ? { record: runLog } : {}) };
  // An agent run's checkpointId is already the Runner's handle (thread and checkpoint).
  if (target.kind === 'agent') return Promise.resolve(target.runner.resume(last.checkpointId ?? '', common));
  return Promise.resolve(target.resume({ ...common, threadId, instrumentation: plan.instrumentation }));
}

function collect(result: AgentRunResult | RunResult, events: AgentEvent[]): void {
  if ('events' in result) events.push(...result.events);
}
