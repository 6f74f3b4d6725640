import type { NodeContext } from '@weft/graph';
import type { ChatModelAgent } from '../agents/chat-model-agent.ts';
import { toolMessage, type ToolCall } from '@weft/chat-model';
import { recordEvents, type AgentRunState } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { runToolCall } from './run-tool-call.ts';
import { toolEvent } from './tool-event.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolOutcome } from './tool-outcome.ts';

/**
 * The tools node of a ChatModelAgent. The model's branch sends one task per
 * tool call, so calls run concurrently, each with its own interrupt address,
 * and a finished call is kept in the checkpoint and never run again. Results
 * enter history in call order (task order at the barrier); each call's event
 * is emitted when it finishes, except a return-directly result, which the
 * after-tools node emits last.
 */
export function toolsNode(
  agent: ChatModelAgent,
  scope: AgentScope,
  extra: { builtIns: ReadonlyMap<string, Tool>; transferTargets: readonly string[] },
) {
  return async (call: ToolCall, ctx: NodeContext<AgentRunState>): Promise<ToolOutcome[]> => {
    const state = ctx.state;
    const runPath = [...state.lanes[scope.lane]!.runPath];
    const activation = state.agents[agent.name]!;
    const key = `${ctx.threadId ?? ctx.runId}/${scope.address.join('/')}/${activation.count}.${activation.iterations}/${call.id}`;
    const outcome = await runToolCall(agent, call, ctx, { idempotencyKey: key, loop: scope.loop, ...extra });
    const message = toolMessage(outcome.content, call.id, call.name);
    const transfer = outcome.action === 'transfer';
    recordEvents(ctx, scope.lane, { agentName: agent.name, runPath, message, ...(transfer ? { transfer } : {}) });
    if (outcome.action !== 'returnDirectly') emitAgentEvent(ctx, toolEvent(agent.name, runPath, outcome));
    return [outcome];
  };
}
