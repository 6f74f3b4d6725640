import type { GraphEvent } from '../events/graph-event.ts';
import type { RunResult } from '../events/run-result.ts';

/** What an instrumentation learns about a node of the graph: its kind and what higher layers attached (agent, model, tools). */
export interface InstrumentedNode {
  kind: string;
  annotations: Readonly<Record<string, unknown>>;
}

/** A run (or resume) as an instrumentation sees it when it starts. */
export interface InstrumentedRun {
  graph: string;
  runId: string;
  threadId: string | undefined;
  /** The checkpoint this run continues from (a resume, a continued thread), else undefined. */
  resumedFrom: string | undefined;
  /**
   * The run context, saved with every checkpoint the run writes after its
   * first: an instrumentation may keep a value of its own under a key of its
   * own (a trace's parent span), which a later resume of the thread finds
   * here again. Keep it small and plain (it is serialized with the thread).
   */
  context: Record<string, unknown>;
  /** The graph's nodes by name. */
  nodes: ReadonlyMap<string, InstrumentedNode>;
}

/** An instrumentation's view of one run: the events it asked for, then the result. */
export interface RunInstrument {
  /** The event types it needs; every event when absent (only these are built when nothing else listens). */
  readonly types?: ReadonlySet<GraphEvent['type']>;
  event(event: GraphEvent): void;
  /** After the last event: the run's result (done, interrupted or error). */
  end(result: RunResult<unknown, unknown>): void;
}

/**
 * An observer of runs (tracing, metrics, logs), given to `run()`/`resume()`
 * (`instrumentation: [...]`) or to a Runner. `startRun` is called once the
 * run is prepared, before its first event; it may return nothing (it is
 * not interested in this run, e.g. its tracer does not record), and then the
 * run costs nothing more. What an instrument throws is caught: observing a
 * run never changes it.
 */
export interface Instrumentation {
  startRun(run: InstrumentedRun): RunInstrument | undefined;
}

/** What is wrong with an `instrumentation` option, if anything. */
export function instrumentationProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return 'instrumentation must be a list of instrumentations (each with startRun(run))';
  const bad = value.findIndex((i) => typeof (i as { startRun?: unknown } | null)?.startRun !== 'function');
  return bad === -1 ? undefined : `instrumentation[${bad}] has no startRun(run) method`;
}
