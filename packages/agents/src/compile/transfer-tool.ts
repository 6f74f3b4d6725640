import type { Agent } from '../agents/agent.ts';
import { tool, type Tool } from '../tools/tool.ts';

export const TRANSFER_TOOL = 'transfer_to_agent';

/** `transfer_to_agent`: its description lists the agents it can reach. */
export function transferTool(targets: readonly Agent[]): Tool<{ agent_name: string; reason?: string }> {
  const list = targets.map((t) => `- ${t.name}: ${t.description}`).join('\n');
  return tool({
    name: TRANSFER_TOOL,
    description: `Hand the conversation over to another agent, which continues with the full history. Agents you can transfer to:\n${list}`,
    parameters: {
      type: 'object',
      properties: {
        agent_name: { type: 'string', description: 'The name of the agent to transfer to.' },
        reason: { type: 'string', description: 'Why that agent is better suited.' },
      },
      required: ['agent_name'],
    },
    execute: ({ agent_name }) => `successfully transferred to agent [${agent_name}]`,
  });
}

/** Appended to the instruction of an agent that can transfer. */
export function transferInstruction(targets: readonly Agent[]): string {
  const list = targets.map((t) => `- ${t.name}: ${t.description}`).join('\n');
  return [
    'Other agents you can hand the conversation to:',
    list,
    '',
    `If you are the best suited to answer according to your role, answer yourself. Otherwise call \`${TRANSFER_TOOL}\` with the name of the best suited agent, and make that call the only thing in your reply.`,
  ].join('\n');
}
