import type { Agent, AgentEvent, AgentRunResult, Message, OutputOf } from '@weft/agents';
import type { CompiledGraph, GraphEvent, RunResult } from '@weft/graph';

/** What a worker runs: a compiled graph (as `compiled.run/resume` run it) or an agent (as a `Runner` runs it). */
export type WeftTarget = CompiledGraph<any, any, any, any> | Agent;

/** A worker's targets by name; a job names one. Give the same map's type to `WeftQueue<typeof targets>` to type its jobs. */
export type WeftTargets = Record<string, WeftTarget>;

/** What `queue.run(target, input)` takes: the graph's run input, or an agent's query text or messages. */
export type TargetInput<T> = T extends CompiledGraph<any, any, any, infer RunIn> ? RunIn : T extends Agent ? string | Message[] : never;

/** The events of a target's job: GraphEvents for a graph, AgentEvents for an agent. */
export type TargetEvent<T> = T extends CompiledGraph<any, any, any, any> ? GraphEvent : T extends Agent ? AgentEvent : never;

/** The result of a target's job: what a local run gives (RunResult, AgentRunResult). */
export type TargetResult<T> =
  T extends CompiledGraph<any, infer Out, infer S, any> ? RunResult<Out, S> : T extends Agent ? AgentRunResult<OutputOf<T>> : never;

/** Whether a target is an agent (by shape: every agent has a string `kind`; a compiled graph has none). */
export function isAgentTarget(target: WeftTarget): target is Agent {
  return typeof (target as { kind?: unknown }).kind === 'string';
}

/** Whether a value can be a target at all. */
export function isTarget(value: unknown): value is WeftTarget {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['kind'] === 'string' ||
    (typeof v['run'] === 'function' && typeof v['resume'] === 'function' && typeof v['withStore'] === 'function')
  );
}
