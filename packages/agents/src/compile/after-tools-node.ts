import type { NodeContext } from '@weft/graph';
import type { ChatModelAgent } from '../agents/chat-model-agent.ts';
import { toolMessage } from '@weft/chat-model';
import type { AgentRunState } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import type { Continue } from './model-node.ts';
import type { ToolOutcome } from './tool-outcome.ts';

/** Where the ReAct loop goes after a turn's tools: back to the model, or out of the agent. */
export type AfterTools = (Continue & { go: 'model' }) | { go: 'next' | 'stop' | 'transfer'; target?: string };

/** Reads a turn's tool results (in call order) and decides: exit, return directly, or call the model again. */
export function afterToolsNode(agent: ChatModelAgent, scope: AgentScope) {
  return (outcomes: ToolOutcome[], ctx: NodeContext<AgentRunState>): AfterTools => {
    const runPath = [...ctx.state.lanes[scope.lane]!.runPath];
    for (const o of outcomes.filter((x) => x.agentTool)) {
      emitAgentEvent(ctx, {
        type: 'tool-result',
        agentName: agent.name,
        runPath,
        output: { message: toolMessage(o.content, o.callId, o.name), role: 'tool', toolName: o.name },
        ...(o.error ? { error: o.error } : {}),
      });
    }
    const transfer = outcomes.find((o) => o.action === 'transfer');
    if (transfer) return { go: 'transfer', target: transfer.target! };
    const exit = outcomes.find((o) => o.action === 'exit');
    const direct = outcomes.find((o) => o.action === 'returnDirectly');
    const final = exit ?? direct;
    if (final && agent.outputKey) ctx.set(['session', agent.outputKey], final.content);
    if (exit) return { go: 'stop' };
    if (direct) {
      const message = toolMessage(direct.content, direct.callId, direct.name);
      emitAgentEvent(ctx, {
        type: 'tool-result',
        agentName: agent.name,
        runPath,
        output: { message, role: 'tool', toolName: direct.name },
      });
      return { go: 'next' };
    }
    return { go: 'model', continueAgent: agent.name };
  };
}
