import type { Agent, AgentEvent, AgentGraphVersions, AgentRunResult, Message, OutputOf } from '@weft/agents';
import type { AnyCompiledGraph, CompiledGraph, GraphEvent, RunResult } from '@weft/graph';

/**
 * An agent at a graph version: `versions` is what its Runner takes (`new
 * Runner({ versions })`: the label, the migrations that take older versions'
 * threads to it, `onGraphMismatch`, behaviour patches). An agent tree has no
 * version of its own — its Runner compiles it — so a worker is told here.
 * A compiled graph carries its own (`compile({ version, migrations })`).
 *
 * @example
 * const targets = { support: [{ agent: supportV1, versions: { version: 'v1' } }, { agent: supportV2, versions: { version: 'v2', migrations: [v1ToV2], onGraphMismatch: 'pin' } }] };
 */
export interface VersionedAgent<A extends Agent = Agent> {
  readonly agent: A;
  readonly versions: AgentGraphVersions;
}

/** What a worker runs: a compiled graph (as `compiled.run/resume` run it), an agent (as a `Runner` runs it), or an agent at a graph version. */
export type WeftTarget = AnyCompiledGraph | Agent | VersionedAgent;

/**
 * A worker's targets by name; a job names one. A name may give several
 * versions of one graph, oldest first (`[supportV1, supportV2]`): new runs
 * take the last, and a thread another version wrote runs on the version that
 * wrote it (see "Serving several versions" in the README). Give the same
 * map's type to `WeftQueue<typeof targets>` to type its jobs.
 */
export type WeftTargets = Record<string, WeftTarget | readonly WeftTarget[]>;

/** The version of a target that new runs take: the target itself, or the last of its versions. */
export type NewestOf<T> = T extends readonly [...unknown[], infer Last] ? Last : T extends readonly (infer V)[] ? V : T;

/** What `queue.run(target, input)` takes: the graph's run input, or an agent's query text or messages. */
export type TargetInput<T> = InputOf<NewestOf<T>>;

/** The events of a target's job: GraphEvents for a graph, AgentEvents for an agent. */
export type TargetEvent<T> = EventOf<NewestOf<T>>;

/** The result of a target's job: what a local run gives (RunResult, AgentRunResult). */
export type TargetResult<T> = ResultOf<NewestOf<T>>;

type InputOf<T> =
  T extends CompiledGraph<any, any, any, infer RunIn> ? RunIn : T extends Agent | VersionedAgent ? string | Message[] : never;
type EventOf<T> = T extends AnyCompiledGraph ? GraphEvent : T extends Agent | VersionedAgent ? AgentEvent : never;
type ResultOf<T> =
  T extends CompiledGraph<any, infer Out, infer S, any>
    ? RunResult<Out, S>
    : T extends VersionedAgent<infer A>
      ? AgentRunResult<OutputOf<A>>
      : T extends Agent
        ? AgentRunResult<OutputOf<T>>
        : never;
