import { tool, type Tool } from '../tools/tool.ts';

let exit: Tool<{ final_result: string }> | undefined;

/**
 * The `exit` tool: ends the agent (and its enclosing sequential/loop agents)
 * with a final result. Made on first use: defining a tool compiles its schema,
 * and the first compile in a process builds ajv's own validator (about 30 ms),
 * which importing @weft/agents paid even when no agent used `exit`.
 */
export function exitTool(): Tool<{ final_result: string }> {
  return (exit ??= tool({
    name: 'exit',
    description: 'Call this when the task is finished, with the final result. No further steps run after it.',
    parameters: { type: 'object', properties: { final_result: { type: 'string' } }, required: ['final_result'] },
    execute: ({ final_result }) => final_result,
  }));
}

/** Whether `found` is the `exit` tool, without making it. */
export function isExitTool(found: Tool): boolean {
  return found === exit;
}
