import { send, type RouteResult } from '@weft/graph';
import { userMessage } from '@weft/chat-model';
import type { AgentScope } from '../agents/agent.ts';
import type { AgentTool } from '../agents/agent-tool.ts';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import type { AgentGraphInput, AgentRunState } from './agent-run-state.ts';
import type { ModelOutcome } from './model-node.ts';

/** The subgraph node of an agent tool. */
export const agentToolNode = (agent: { name: string }, tool: { name: string }): string => `${agent.name}:agent:${tool.name}`;

/**
 * The model node's route: an answer ends the agent; each tool call becomes a
 * task (a call to an agent tool with valid arguments runs its subgraph, with
 * the caller's session values; anything else runs in the tools node), keyed
 * `tool:<name>:<id>`, which makes its interrupt address.
 */
export function routeModel(agent: ChatModelSettings, scope: AgentScope, tools: string) {
  return (out: ModelOutcome, state: AgentRunState): RouteResult => {
    if (out.kind === 'answer') return scope.next;
    return out.message.toolCalls!.map((call) => {
      const key = `tool:${call.name}:${call.id}`;
      const at = agent.tools.find((t): t is AgentTool => t.kind === 'agent-tool' && t.name === call.name);
      const args = at && parseJson(call.arguments);
      if (!at || args === undefined || !at.check(args).ok) return send(tools, call, key);
      const input: AgentGraphInput = {
        messages: [userMessage(at.request(args, call.arguments))],
        session: { ...state.session },
        call: { id: call.id, name: call.name },
        // This agent's RunPath (it is in the lane once the agent has entered), after its own callers'.
        callerRunPath: [...(state.callerRunPath ?? []), ...state.lanes[scope.lane]!.runPath],
      };
      return send(agentToolNode(agent, at), input, key);
    });
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    return undefined;
  }
}
