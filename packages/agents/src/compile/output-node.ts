import type { NodeContext } from '@weft/graph';
import type { AgentScope, Target } from '../agents/agent.ts';
import type { AgentRunState } from './agent-run-state.ts';
import type { ToolTaskOutput } from './tool-outcome.ts';

/**
 * `A:output`, for an agent with an outputKey that can end by `exit` or a
 * `returnDirectly` tool: a turn that ends so comes here with the result that
 * ended it, once every call of the turn has finished, and it is stored under
 * the key (one writer, whichever calls the turn had: two results of one turn
 * never write the key at once). Then out of the agent.
 */
export function outputNode(outputKey: string) {
  return (final: ToolTaskOutput, ctx: NodeContext<AgentRunState>): ToolTaskOutput => {
    ctx.set(['session', outputKey], final.content);
    return final;
  };
}

/** Where the output node leaves to: after an exit, the agent's `stop`; after a return-directly result, its `next`. */
export const outputRoute =
  (scope: AgentScope) =>
  (final: ToolTaskOutput): Target =>
    final.action === 'exit' ? scope.stop : scope.next;
