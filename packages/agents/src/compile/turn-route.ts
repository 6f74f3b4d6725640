import type { BranchContext, RouteResult } from '@weft/graph';
import { toolMessage } from '@weft/chat-model';
import type { AgentScope } from '../agents/agent.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { publishAgentEvent } from './emit-agent-event.ts';
import { toolEvent } from './tool-event.ts';
import type { ToolTaskOutput } from './tool-outcome.ts';
import { lastTurn, turnEnd } from './turn-end.ts';

/** Where a turn can go besides the agent's `next` and `stop`: its model, and its output node (when it has an outputKey to store). */
export interface TurnTargets {
  model: string;
  output: string | undefined;
}

/**
 * The route of every tool task of a ReAct turn (tools node and agent-tool
 * nodes alike), run at the turn's barrier: it reads the turn's results from
 * the history (every task's, whichever finished first), so all the turn's
 * tasks agree on how it ends (see turnEnd), and only the task whose result
 * decides it delivers; the others go nowhere. Back to the model, to the
 * transfer's target, or out of the agent (through its output node when it
 * stores an outputKey). At the barrier it also publishes what comes after
 * every tool's own event: an agent tool's result (in task order), then a
 * return-directly result, the agent's output, last.
 */
export function turnRoute(agentName: string, scope: AgentScope, targets: TurnTargets) {
  return (out: ToolTaskOutput, state: AgentRunState, at: BranchContext): RouteResult => {
    const lane = state.lanes[scope.lane]!;
    if (out.agentTool) publishAgentEvent(at, state, toolEvent(agentName, [...lane.runPath], out));
    const end = turnEnd(lastTurn(lane, agentName));
    if (end.result.message.toolCallId !== out.callId) return [];
    switch (end.kind) {
      case 'model':
        return targets.model;
      case 'transfer':
        return out.target!;
      case 'exit':
        return targets.output ?? scope.stop;
      case 'returnDirectly': {
        const message = toolMessage(out.content, out.callId, out.name);
        const output = { message, role: 'tool' as const, toolName: out.name };
        publishAgentEvent(at, state, { type: 'tool-result', agentName, runPath: [...lane.runPath], output });
        return targets.output ?? scope.next;
      }
    }
  };
}
