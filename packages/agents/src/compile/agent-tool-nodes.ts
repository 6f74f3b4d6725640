import type { WeftError } from '@weft/graph';
import type { Draft } from 'immer';
import { toolMessage } from '@weft/chat-model';
import type { AgentCompiler, AgentScope } from '../agents/agent.ts';
import type { AgentTool } from '../agents/agent-tool.ts';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import { AgentError } from '../errors.ts';
import { appendEvents, type AgentGraphInput, type AgentRunState, type AgentToolResult } from './agent-run-state.ts';
import { agentToolNode } from './route-model.ts';
import type { ToolTaskOutput } from './tool-outcome.ts';

/**
 * Each agent tool of a ChatModelAgent: its agent compiled as a graph and added
 * as a subgraph node (one task per call, via send). Its post handler records
 * the result as the call's tool message and hands session values back, so
 * the result is in the history at the turn's barrier with the other tools'
 * (where the turn's route publishes its event). Returns the nodes.
 */
export function addAgentToolNodes(c: AgentCompiler, agent: ChatModelSettings, scope: AgentScope): string[] {
  const address = scope.address.join('/');
  return agent.tools
    .filter((t): t is AgentTool => t.kind === 'agent-tool')
    .map((tool) => {
      const node = agentToolNode(agent, tool);
      c.addAgentGraph(node, tool.agent, tool.emitInternalEvents, {
        kind: 'agent-tool',
        address,
        annotations: { agent: agent.name, agentPath: scope.agentPath, agentTool: tool.name, innerAgent: tool.agent.name },
        // The inner run failed (its agent's model step): like any tool that throws, the caller's model gets the error.
        fallback: (error: WeftError, input: AgentGraphInput): AgentToolResult[] => {
          const call = input.call ?? { id: '', name: tool.name };
          const failed = new AgentError('TOOL_FAILED', `${call.name} failed: ${error.message}`, {
            cause: error,
            details: { tool: call.name, callId: call.id },
          });
          if (agent.toolErrors === 'throw') throw failed;
          return [{ call, text: `Error: ${failed.message}`, session: {}, error: failed.toJSON() }];
        },
        // The inner graph ends at run:end, which returns the call's AgentToolResult.
        post: (output: unknown, d: Draft<AgentRunState>): ToolTaskOutput => {
          const [{ call, text, session, error }] = output as [AgentToolResult];
          const runPath = [...d.lanes[scope.lane]!.runPath];
          Object.assign(d.session, session);
          appendEvents(d.lanes[scope.lane]!, { agentName: agent.name, runPath, message: toolMessage(text, call.id, call.name) });
          return {
            callId: call.id,
            name: call.name,
            content: text,
            agentTool: true,
            ...(error ? { error } : {}),
            continueAgent: agent.name,
          };
        },
      });
      return node;
    });
}
