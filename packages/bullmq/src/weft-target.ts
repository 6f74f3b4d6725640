import type { Agent, AgentEvent, AgentRunResult, Message, OutputOf } from '@weft/agents';
import type { AnyCompiledGraph, CompiledGraph, GraphEvent, RunResult } from '@weft/graph';

/** What a worker runs: a compiled graph (as `compiled.run/resume` run it) or an agent (as a `Runner` runs it). */
export type WeftTarget = AnyCompiledGraph | Agent;

/** A worker's targets by name; a job names one. Give the same map's type to `WeftQueue<typeof targets>` to type its jobs. */
export type WeftTargets = Record<string, WeftTarget>;

/** What `queue.run(target, input)` takes: the graph's run input, or an agent's query text or messages. */
export type TargetInput<T> = T extends CompiledGraph<any, any, any, infer RunIn> ? RunIn : T extends Agent ? string | Message[] : never;

/** The events of a target's job: GraphEvents for a graph, AgentEvents for an agent. */
export type TargetEvent<T> = T extends AnyCompiledGraph ? GraphEvent : T extends Agent ? AgentEvent : never;

/** The result of a target's job: what a local run gives (RunResult, AgentRunResult). */
export type TargetResult<T> =
  T extends CompiledGraph<any, infer Out, infer S, any> ? RunResult<Out, S> : T extends Agent ? AgentRunResult<OutputOf<T>> : never;
