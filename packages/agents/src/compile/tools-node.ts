import type { NodeContext } from '@weft/graph';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import type { AgentScope } from '../agents/agent.ts';
import { toolMessage, type ToolCall } from '@weft/chat-model';
import { recordEvents, type AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { runToolCall } from './run-tool-call.ts';
import { toolEvent } from './tool-event.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolTaskOutput } from './tool-outcome.ts';

/**
 * The tools node of a ChatModelAgent. The model's branch sends one task per
 * tool call, so calls run concurrently, each with its own interrupt address,
 * and a finished call is kept in the checkpoint and never run again. Results
 * enter history in call order (task order at the barrier), marked with what
 * they do to the turn (a transfer, an exit, a return-directly result), which
 * the turn's route reads. Each call's event is published when it finishes,
 * except a return-directly result's, which the route publishes last.
 */
export function toolsNode(
  agent: ChatModelSettings,
  scope: AgentScope,
  extra: { builtIns: ReadonlyMap<string, Tool>; transferTargets: readonly string[] },
) {
  return async (call: ToolCall, ctx: NodeContext<AgentRunState>): Promise<ToolTaskOutput> => {
    const state = ctx.state;
    const runPath = [...state.lanes[scope.lane]!.runPath];
    const activation = state.agents[agent.name]!;
    const key = `${ctx.threadId ?? ctx.runId}/${scope.address.join('/')}/${activation.count}.${activation.iterations}/${call.id}`;
    const outcome = await runToolCall(agent, call, ctx, { idempotencyKey: key, loop: scope.loop, runPath, ...extra });
    const message = toolMessage(outcome.content, call.id, call.name);
    const { action } = outcome;
    const mark = action === 'transfer' ? { transfer: true } : action === 'exit' || action === 'returnDirectly' ? { ends: action } : {};
    recordEvents(ctx, scope.lane, { agentName: agent.name, runPath, message, ...mark });
    if (action !== 'returnDirectly') emitAgentEvent(ctx, toolEvent(agent.name, runPath, outcome));
    return { ...outcome, continueAgent: agent.name };
  };
}
