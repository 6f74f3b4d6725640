import type { PriceTable } from '@weft/chat-model';
import { END, type CompiledGraph, type NodeContext, type NodeOptions } from '@weft/graph';
import type { Draft } from 'immer';
import { assistantMessage, toolMessage } from '@weft/chat-model';
import { isAgent, type Agent, type AgentCompiler, type AgentGraphBuilder, type AgentScope } from '../agents/agent.ts';
import { checkOutputSchema, type PreparedOutput } from '../agents/output-schema.ts';
import { AgentError } from '../errors.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';
import { appendEvents, type AgentGraphInput, type AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { TRANSFER_TOOL } from './transfer-tool.ts';

/** What the Runner needs to know about each compiled agent. */
export interface AgentInfo {
  lane: string;
  /** The innermost enclosing parallel agent. */
  parallel: string | undefined;
  /** The agent it sits in (a workflow agent, or the parent in a sub-agent tree); undefined for the root. */
  parent: string | undefined;
  /** Its children's interrupts are reported in one event of its own (see Agent.groupsInterrupts). */
  groupsInterrupts: boolean;
  /** Its outputSchema, made ready: a run it ends has its final output checked by it. */
  output: PreparedOutput | undefined;
}

/** An agent-tool subgraph node: whether its inner events are forwarded, and the agent tools inside it. */
export interface AgentToolInfo {
  emitInternalEvents: boolean;
  /** The agent-tool nodes of the inner graph (for events forwarded from further down). */
  inner: ReadonlyMap<string, AgentToolInfo>;
}

/** An agent compiled as a graph of its own (for use as a tool), with its agent-tool nodes. */
export interface InnerAgentGraph {
  graph: CompiledGraph<AgentGraphInput, unknown, AgentRunState>;
  agentTools: ReadonlyMap<string, AgentToolInfo>;
}

/**
 * Walks an agent tree: each agent compiles itself (`agent.compile`) at the
 * scope its parent gives it; this adds what every agent has, whatever its
 * kind: its record for the Runner, unique names, and its handoff.
 */
export class AgentGraphCompiler implements AgentCompiler {
  readonly info = new Map<string, AgentInfo>();
  readonly agentTools = new Map<string, AgentToolInfo>();
  readonly #handoffs: [from: string, to: string][] = [];

  constructor(
    readonly builder: AgentGraphBuilder,
    readonly options: { streaming: boolean; modelCallLimits: ModelCallLimits | undefined; prices?: PriceTable | undefined },
    /** Compiles an agent used as a tool into its own graph (injected: that is compileAgentGraph, which makes this). */
    readonly compileInner: (agent: Agent) => InnerAgentGraph,
  ) {}

  get streaming(): boolean {
    return this.options.streaming;
  }

  get modelCallLimits(): ModelCallLimits | undefined {
    return this.options.modelCallLimits;
  }

  get prices(): PriceTable | undefined {
    return this.options.prices;
  }

  addAgent(agent: Agent, given: AgentScope): string {
    if (!isAgent(agent)) throw new AgentError('AGENT_TREE_INVALID', `a sub-agent of "${given.agentPath.at(-2) ?? '?'}" is not an agent`);
    if (this.info.has(agent.name)) {
      throw new AgentError('AGENT_TREE_INVALID', `two agents are named "${agent.name}" in one tree; agent names must be unique`, {
        details: { name: agent.name },
      });
    }
    const output = agent.outputSchema === undefined ? undefined : checkOutputSchema(agent.outputSchema, `agent "${agent.name}"`);
    this.info.set(agent.name, {
      lane: given.lane,
      parallel: given.parallel,
      parent: given.agentPath.at(-2),
      groupsInterrupts: agent.groupsInterrupts === true,
      output,
    });
    if (agent.handoff === undefined) return agent.compile(this, given);
    const next = this.#addHandoff(agent.name, agent.handoff, given);
    return agent.compile(this, { ...given, next, treeNext: given.next });
  }

  addAgentGraph(node: string, agent: Agent, forward: boolean, options: NodeOptions<AgentGraphInput, unknown, AgentRunState>): void {
    const inner = this.compileInner(agent);
    this.agentTools.set(node, { emitInternalEvents: forward, inner: inner.agentTools });
    this.builder.addNode(node, inner.graph, options);
  }

  /** Checks what can only be checked once the whole tree is in: handoff targets exist. */
  finish(): void {
    for (const [from, to] of this.#handoffs) {
      if (!this.info.has(to)) {
        throw new AgentError(
          'AGENT_TREE_INVALID',
          `deterministicTransfer of "${from}" names "${to}", which is not an agent of this tree (agents: ${[...this.info.keys()].join(', ')})`,
        );
      }
    }
  }

  /** `A:handoff`: when A ends normally, record a transfer pair and continue at the target. */
  #addHandoff(from: string, to: string, scope: AgentScope): string {
    this.#handoffs.push([from, to]);
    const node = `${from}:handoff`;
    this.builder.addNode(
      node,
      (_input: unknown, ctx: NodeContext<AgentRunState>) => {
        const runPath = [...ctx.state.lanes[scope.lane]!.runPath];
        const id = `handoff_${from}_${ctx.step}`;
        const call = assistantMessage('', [{ id, name: TRANSFER_TOOL, arguments: JSON.stringify({ agent_name: to }) }]);
        const result = toolMessage(`successfully transferred to agent [${to}]`, id, TRANSFER_TOOL);
        ctx.update((d: Draft<AgentRunState>) => {
          appendEvents(
            d.lanes[scope.lane]!,
            { agentName: from, runPath, message: call, transfer: true },
            { agentName: from, runPath, message: result, transfer: true },
          );
        });
        emitAgentEvent(ctx, { type: 'message', agentName: from, runPath, output: { message: call, role: 'assistant' } });
        emitAgentEvent(ctx, {
          type: 'transfer',
          agentName: from,
          runPath,
          output: { message: result, role: 'tool', toolName: TRANSFER_TOOL },
          action: { transferToAgent: { destAgentName: to } },
        });
        return { handoff: to };
      },
      {
        kind: 'router',
        address: `${scope.address.join('/')}/handoff`,
        annotations: { agent: from, agentPath: scope.agentPath, transferTo: to },
      },
    );
    this.builder.addEdge(node, to === END ? END : to);
    return node;
  }
}
