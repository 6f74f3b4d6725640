import { END, type CompiledGraph, type GraphBuilder, type NodeContext } from '@weft/graph';
import type { Draft } from 'immer';
import type { Agent } from '../agents/agent.ts';
import { AgentError } from '../errors.ts';
import { assistantMessage, toolMessage } from '@weft/chat-model';
import { addChatModelAgent } from './add-chat-model-agent.ts';
import { addLoopAgent, addParallelAgent, addSequentialAgent } from './add-workflow-agents.ts';
import { appendEvents, type AgentGraphInput, type AgentRunState } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { TRANSFER_TOOL } from './transfer-tool.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';

/** The builder agents write into (node names are built at run time, so untyped). */
export type AgentGraphBuilder = GraphBuilder<AgentGraphInput, unknown, AgentRunState, any>;

/** What the Runner needs to know about each compiled agent. */
export interface AgentInfo {
  lane: string;
  /** The innermost enclosing parallel agent. */
  parallel: string | undefined;
  /** The agent it sits in (a workflow agent, or the parent in a sub-agent tree); undefined for the root. */
  parent: string | undefined;
  kind: Agent['kind'];
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

/** Walks an agent tree, adding each agent's nodes with its scope; every agent is entered at the node named after it. */
export class AgentCompiler {
  readonly info = new Map<string, AgentInfo>();
  readonly agentTools = new Map<string, AgentToolInfo>();
  readonly #handoffs: [from: string, to: string][] = [];

  constructor(
    readonly builder: AgentGraphBuilder,
    /** Compiles an agent used as a tool into its own graph (injected to keep the import graph acyclic). */
    readonly compileInner: (agent: Agent) => InnerAgentGraph,
    /** The Runner's bounds on model calls, for agents that do not set their own. */
    readonly modelCallLimits?: ModelCallLimits,
  ) {}

  addAgent(agent: Agent, given: AgentScope): string {
    if (this.info.has(agent.name)) {
      throw new AgentError('AGENT_TREE_INVALID', `two agents are named "${agent.name}" in one tree; agent names must be unique`, {
        details: { name: agent.name },
      });
    }
    this.info.set(agent.name, { lane: given.lane, parallel: given.parallel, parent: given.agentPath.at(-2), kind: agent.kind });
    const scope = agent.handoff === undefined ? given : { ...given, next: this.#addHandoff(agent.name, agent.handoff, given) };
    switch (agent.kind) {
      case 'chat-model': {
        const kids = agent.subAgents ?? [];
        const targets = [...kids, ...(scope.inheritedTargets ?? [])];
        addChatModelAgent(this, agent, scope, targets);
        const opts = agent.transferOptions ?? {};
        for (const child of kids) {
          const inherited = [
            ...(opts.disallowTransferToParent ? [] : [agent]),
            ...(opts.allowTransferToPeers ? kids.filter((k) => k !== child) : []),
          ];
          const { inheritedTargets: _drop, ...rest } = given;
          this.addAgent(child, {
            ...rest,
            address: [...given.address, `agent:${child.name}`],
            agentPath: [...given.agentPath, child.name],
            inheritedTargets: inherited,
          });
        }
        return agent.name;
      }
      case 'sequential':
        return addSequentialAgent(this, agent, scope);
      case 'loop':
        return addLoopAgent(this, agent, scope);
      case 'parallel':
        return addParallelAgent(this, agent, scope);
    }
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
