/**
 * @weft/otel — OpenTelemetry tracing for Weft runs, graphs and agents, on the
 * GenAI semantic conventions, for eval cases and their scores
 * (`otelEvalObserver`), and for memory banks (`otelMemoryBank`).
 * `@opentelemetry/api` is a peer dependency:
 * bring your own SDK and exporter.
 *
 * @example
 * import { Runner } from '@weft/agents';
 * import { otelInstrumentation } from '@weft/otel';
 *
 * // With an OpenTelemetry SDK registered.
 * const runner = new Runner({ agent, instrumentation: [otelInstrumentation()] });
 */
export { otelInstrumentation } from './otel-instrumentation.ts';
export type { OtelInstrumentationOptions } from './otel-instrumentation.ts';
export type { ProviderOption } from './span-conventions.ts';
export { TRACE_CONTEXT_KEY } from './thread-trace.ts';
export { ATTR } from './gen-ai.ts';

// Evals
export { otelEvalObserver } from './otel-eval-observer.ts';
export type { OtelEvalObserver, OtelEvalObserverOptions, EvalCaseTry, EvalScorerOutcome, ScoredEvalCase } from './otel-eval-observer.ts';

// Memory banks
export { otelMemoryBank } from './otel-memory-bank.ts';
export type { OtelMemoryBankOptions } from './otel-memory-bank.ts';
