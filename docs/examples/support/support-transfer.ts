import type { ScriptAnswer } from '@weft/models';

/** A scripted answer that hands the conversation to `agent_name`, saying `text` first (when given). */
export function transfer(agent_name: string, reason: string, text = ''): ScriptAnswer {
  return { text, toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name, reason } }] };
}
