import type { PriceTable } from '@weft/chat-model';
import type { END, GraphBuilder, NodeOptions } from '@weft/graph';
import type { AgentGraphInput, AgentRunState } from '../compile/agent-run-state.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';
import type { TypedOutput } from './agent-output.ts';
import type { OutputSchema } from './output-schema.ts';

/**
 * The brand every agent carries (`agent[AGENT] === true`): how hosts (the
 * Runner, the `weft` command, a worker) recognise an agent, also one made by
 * another copy of this package, since the symbol is the registry's.
 */
export const AGENT: unique symbol = Symbol.for('weft.agent');

/**
 * An agent: anything that can compile itself into the agent graph. Each kind
 * (a chat model's ReAct loop, sequential, loop, parallel, or one of your own)
 * implements `compile`: it adds its nodes to `compiler.builder` at its
 * `scope` and returns the node where control enters it; the Runner, the
 * workflows, transfers and agent tools only ever call that. `O` is the type
 * of its final output (type-only).
 *
 * @example
 * // A kind of your own, made with defineAgent: see docs/agents/overview.md ("Agent kinds of your own").
 * const echo = defineAgent({ kind: 'echo', name: 'Echo', description: 'repeats the request', compile: (c, scope) => addEchoNode(c, scope) });
 */
export interface Agent<O = unknown> extends TypedOutput<O> {
  readonly [AGENT]: true;
  /** What kind of agent it is (`chat-model`, `sequential`, …): its entry node's kind in the graph, for viewers. */
  readonly kind: string;
  /** Unique in its tree; its entry node is named after it. */
  readonly name: string;
  readonly description: string;
  /** The agents it contains (a workflow's children, a chat model's transfer targets). */
  readonly subAgents?: readonly Agent[];
  /** Set by deterministicTransfer: the agent that runs after this one ends normally. */
  readonly handoff?: string;
  /** The schema its final answer follows; the Runner checks a run's final output against it. */
  readonly outputSchema?: OutputSchema;
  /**
   * Its children's interrupts are reported together, in one interrupt event
   * of its own (as a parallel agent's are), rather than one event per child.
   */
  readonly groupsInterrupts?: boolean;
  /**
   * Adds its nodes (and its children's, through `compiler.addAgent`) to the
   * graph at `scope`; returns the node where control enters it. Called once
   * per compile, with the agent as `this`.
   */
  compile(compiler: AgentCompiler, scope: AgentScope): string;
  /** For an agent that decides transfers (a chat model): a copy of it with these children as its transfer targets. */
  withSubAgents?(children: readonly Agent[], options: TransferOptions): Agent;
}

/** The builder agents add their nodes to (node names are made at compile time, so untyped). */
export type AgentGraphBuilder = GraphBuilder<AgentGraphInput, unknown, AgentRunState, any>;

/** A node to continue at, or END. */
export type Target = string | typeof END;

/**
 * Where a compiled agent sits: its history lane, its structural address, and
 * where control goes when it ends normally (`next`) or by an exit or error
 * (`stop`).
 */
export interface AgentScope {
  /** The history lane its events go to (a parallel child has its own). */
  lane: string;
  /** Structural address segments from the root (`agent:S`, `agent:A`): interrupt addresses are made of them. */
  address: string[];
  /** Agent names from the root, for viewers. */
  agentPath: string[];
  next: Target;
  stop: Target;
  /** The innermost enclosing loop agent (for breakLoop). */
  loop?: string;
  /** The innermost enclosing parallel agent. */
  parallel?: string;
  /** Transfer targets given by the agent's parent in a sub-agent tree (its parent, its peers). */
  inheritedTargets?: readonly Agent[];
  /** Where the rest of its transfer tree continues when it has a handoff of its own (its `next` is then the handoff). */
  treeNext?: Target;
}

/** How transfers within a sub-agent tree may go. */
export interface TransferOptions {
  /** Children may not transfer back to this parent. */
  disallowTransferToParent?: boolean;
  /** Children may transfer to each other. */
  allowTransferToPeers?: boolean;
}

/** What an agent's `compile` is given: the graph, the tree's other agents, and how the Runner compiles. */
export interface AgentCompiler {
  readonly builder: AgentGraphBuilder;
  /** The run streams model output (chunk events): decided when the Runner compiles, not read from the run. */
  readonly streaming: boolean;
  /** The Runner's bounds on model calls, for agents that do not set their own. */
  readonly modelCallLimits: ModelCallLimits | undefined;
  /** The Runner's model prices (over @weft/chat-model's table), for runs with a budget. */
  readonly prices?: PriceTable | undefined;
  /** Compiles a child at `scope` (its nodes, its handoff) and returns its entry node. */
  addAgent(agent: Agent, scope: AgentScope): string;
  /**
   * Adds `agent` compiled as a graph of its own as the subgraph node `node`
   * (an agent used as a tool: fresh history, shared session values).
   * `forward`: its events are forwarded to the run's (emitInternalEvents).
   */
  addAgentGraph(node: string, agent: Agent, forward: boolean, options: NodeOptions<AgentGraphInput, unknown, AgentRunState>): void;
}

/**
 * Whether `value` is an agent: it carries the brand (of any copy of this
 * package) and a `compile` method.
 *
 * @example
 * if (isAgent(mod.default)) await new Runner({ agent: mod.default }).query('hi');
 */
export function isAgent(value: unknown): value is Agent {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as Partial<Agent>)[AGENT] === true &&
    typeof (value as Partial<Agent>).compile === 'function' &&
    typeof (value as Partial<Agent>).name === 'string'
  );
}
