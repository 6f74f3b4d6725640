import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Span, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { errorType } from './error-type.ts';
import { ATTR } from './gen-ai.ts';

export interface OtelEvalObserverOptions {
  /** Where the tracer comes from; default: the global tracer provider. */
  tracerProvider?: TracerProvider;
  /** The tracer itself (over `tracerProvider`). */
  tracer?: Tracer;
}

/** One try of an eval case, as `runEval` of `@weft/eval` describes it to its observers. */
export interface EvalCaseTry {
  eval: string;
  caseId: string;
  /** 1-based; above 1 only with `repeat`. */
  attempt: number;
  threadId: string;
}

/** One scorer's result on a case, as the eval report keeps it. */
export type EvalScorerOutcome =
  | { kind: 'scored'; score: number; pass: boolean; reason: string }
  | { kind: 'skipped' }
  | { kind: 'error'; message: string; code?: string };

/** The parts of an eval's case report the observer records. */
export interface ScoredEvalCase {
  status: 'passed' | 'failed' | 'error' | 'interrupted';
  score: number;
  scorers: Record<string, EvalScorerOutcome>;
  error?: { code: string; message: string };
}

/**
 * An `EvalObserver` of `@weft/eval`, declared here by its shape: `@weft/otel`
 * does not depend on `@weft/eval`. It hands back the report `run` returned.
 */
export interface OtelEvalObserver {
  observeCase<R extends ScoredEvalCase>(info: EvalCaseTry, run: () => Promise<R>): Promise<R>;
}

/** The event of the GenAI semantic conventions that carries one evaluation's result. */
const EVALUATION_RESULT = 'gen_ai.evaluation.result';

/**
 * Traces eval cases: `runEval(def, { observers: [otelEvalObserver()],
 * instrumentation: [otelInstrumentation()] })`. Each try of a case is an
 * INTERNAL span `eval_case <case id>` (`weft.eval.name`,
 * `weft.eval.case.id`, `weft.eval.case.attempt`, `gen_ai.conversation.id` =
 * the case's thread), active while the case runs: the run spans
 * `otelInstrumentation()` makes for it become its children (with a context
 * manager registered, as the Node SDK does; a resume's run span is a child
 * of the thread's first run span, so it stays in the case's trace).
 *
 * Each scorer that applied adds a `gen_ai.evaluation.result` event, in the
 * report's scorer order. The GenAI semantic conventions define that event
 * (still in development) with `gen_ai.evaluation.name` required,
 * `gen_ai.evaluation.score.value` and `gen_ai.evaluation.score.label`
 * required when they apply, `gen_ai.evaluation.explanation` recommended,
 * and `error.type` required when the evaluation itself failed; they ask for
 * the event to sit under the span of the operation evaluated. Here: the
 * scorer's name, its score, `pass` or `fail` (the only labels written), its
 * reason (when not empty); a scorer that threw has its error code as
 * `error.type` (`_OTHER` without one) and no score. The conventions describe
 * events as log records; these are span events with the same name and
 * attributes, so a backend that reads only traces shows them on the case.
 *
 * The span then gets `weft.eval.case.status` and `weft.eval.case.score`; an
 * `error` case has status ERROR and `error.type` (the case's error code, else
 * the first failed scorer's). A `failed` or `interrupted` case leaves the
 * status unset: the run worked, the agent did not pass. What `run` throws is
 * recorded (status ERROR, `error.type`, an exception event) and rethrown.
 *
 * @example
 * import { runEval } from '@weft/eval';
 * import { otelEvalObserver, otelInstrumentation } from '@weft/otel';
 *
 * const report = await runEval(definition, { observers: [otelEvalObserver()], instrumentation: [otelInstrumentation()] });
 */
export function otelEvalObserver(options: OtelEvalObserverOptions = {}): OtelEvalObserver {
  return {
    async observeCase(info, run) {
      const tracer = options.tracer ?? (options.tracerProvider ?? trace.getTracerProvider()).getTracer('@weft/otel', '0.1.0');
      const span = tracer.startSpan(`eval_case ${info.caseId}`, {
        kind: SpanKind.INTERNAL,
        attributes: {
          [ATTR.evalName]: info.eval,
          [ATTR.evalCaseId]: info.caseId,
          [ATTR.evalCaseAttempt]: info.attempt,
          [ATTR.conversationId]: info.threadId,
        },
      });
      try {
        const report = await context.with(trace.setSpan(context.active(), span), run);
        recordCase(span, report);
        return report;
      } catch (err) {
        const e = err instanceof Error ? err : new Error(String(err));
        span.recordException({ name: e.name, message: e.message });
        span.setAttribute(ATTR.errorType, errorType(err));
        span.setStatus({ code: SpanStatusCode.ERROR, message: e.message });
        throw err;
      } finally {
        span.end();
      }
    },
  };
}

/** The scorers' events, then the case's status and score. */
function recordCase(span: Span, report: ScoredEvalCase): void {
  for (const [name, outcome] of Object.entries(report.scorers)) {
    const attributes = evaluationResult(name, outcome);
    if (attributes) span.addEvent(EVALUATION_RESULT, attributes);
  }
  span.setAttribute(ATTR.evalCaseStatus, report.status);
  span.setAttribute(ATTR.evalCaseScore, report.score);
  if (report.status !== 'error') return;
  const failed = Object.values(report.scorers).find((o) => o.kind === 'error');
  const error = report.error ?? (failed ? { code: failed.code ?? '_OTHER', message: failed.message } : undefined);
  span.setAttribute(ATTR.errorType, error?.code ?? '_OTHER');
  span.setStatus({ code: SpanStatusCode.ERROR, ...(error ? { message: error.message } : {}) });
}

/** One scorer's event attributes; none for a scorer that did not apply to the case. */
function evaluationResult(name: string, outcome: EvalScorerOutcome): Attributes | undefined {
  switch (outcome.kind) {
    case 'skipped':
      return undefined;
    case 'error':
      return { [ATTR.evaluationName]: name, [ATTR.errorType]: outcome.code ?? '_OTHER' };
    case 'scored':
      return {
        [ATTR.evaluationName]: name,
        [ATTR.evaluationScore]: outcome.score,
        [ATTR.evaluationLabel]: outcome.pass ? 'pass' : 'fail',
        ...(outcome.reason === '' ? {} : { [ATTR.evaluationExplanation]: outcome.reason }),
      };
  }
}
