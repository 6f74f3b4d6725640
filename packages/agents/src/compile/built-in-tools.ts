import { tool, type Tool } from '../tools/tool.ts';

/** The `exit` tool: ends the agent (and its enclosing sequential/loop agents) with a final result. */
export const exitTool: Tool<{ final_result: string }> = tool({
  name: 'exit',
  description: 'Call this when the task is finished, with the final result. No further steps run after it.',
  parameters: { type: 'object', properties: { final_result: { type: 'string' } }, required: ['final_result'] },
  execute: ({ final_result }) => final_result,
});
