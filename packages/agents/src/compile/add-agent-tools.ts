import type { WeftError } from '@weft/graph';
import type { Draft } from 'immer';
import type { AgentTool } from '../agents/agent-tool.ts';
import type { ChatModelAgent } from '../agents/chat-model-agent.ts';
import { toolMessage } from '@weft/chat-model';
import type { AgentCompiler } from './agent-compiler.ts';
import { AgentError } from '../errors.ts';
import { appendEvents, type AgentGraphInput, type AgentRunState, type AgentToolResult } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';
import type { ToolOutcome } from './tool-outcome.ts';

/** The subgraph node of an agent tool. */
export const agentToolNode = (agent: ChatModelAgent, tool: AgentTool) => `${agent.name}:agent:${tool.name}`;

/**
 * Each agent tool of a ChatModelAgent: its agent compiled as a graph and added
 * as a subgraph node (one task per call, via send). Its post handler records
 * the result as the call's tool message and hands session values back, so the
 * result reaches the after-tools node in the same step as the other tools'
 * (which then emits its event).
 */
export function addAgentTools(c: AgentCompiler, agent: ChatModelAgent, scope: AgentScope, after: string): string[] {
  const address = scope.address.join('/');
  return agent.tools
    .filter((t): t is AgentTool => t.kind === 'agent-tool')
    .map((tool) => {
      const node = agentToolNode(agent, tool);
      const inner = c.compileInner(tool.agent);
      c.agentTools.set(node, { emitInternalEvents: tool.emitInternalEvents, inner: inner.agentTools });
      c.builder.addNode(node, inner.graph, {
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
        // The inner graph ends at run:end, which returns AgentToolResult[].
        post: (output: unknown, d: Draft<AgentRunState>): ToolOutcome[] => {
          const runPath = [...d.lanes[scope.lane]!.runPath];
          return (output as AgentToolResult[]).map(({ call, text, session, error }) => {
            Object.assign(d.session, session);
            appendEvents(d.lanes[scope.lane]!, { agentName: agent.name, runPath, message: toolMessage(text, call.id, call.name) });
            return { callId: call.id, name: call.name, content: text, agentTool: true, ...(error ? { error } : {}) };
          });
        },
      });
      c.builder.addEdge(node, after);
      return node;
    });
}
