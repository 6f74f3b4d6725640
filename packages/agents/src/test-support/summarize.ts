import type { AgentEvent } from '../agents/agent-event.ts';

/** One line per event: agent, RunPath, what it carried, and its action — for whole-sequence assertions. */
export function summarize(events: readonly AgentEvent[]): string[] {
  return events.map((e) => {
    const where = `${e.agentName} [${e.runPath.join(',')}]`;
    const parts: string[] = [where];
    const out = e.output;
    if (out?.message?.role === 'assistant') {
      const calls = (out.message.toolCalls ?? []).map((c) => `${c.name}(${c.arguments})`).join(' ');
      parts.push(`assistant: ${out.message.content}${calls ? ` → ${calls}` : ''}`);
    } else if (out?.message?.role === 'tool') parts.push(`tool ${out.toolName}: ${out.message.content}`);
    else if (out?.stream) parts.push(`chunk: ${out.stream.content ?? ''}`);
    if (e.action?.exit) parts.push('EXIT');
    if (e.action?.breakLoop) parts.push('BREAK');
    if (e.action?.transferToAgent) parts.push(`TRANSFER → ${e.action.transferToAgent.destAgentName}`);
    if (e.action?.interrupted) parts.push(`INTERRUPTED ${e.action.interrupted.interrupts.map((i) => i.id).join(', ')}`);
    if (e.error) parts.push(`ERROR ${e.error.code}`);
    return parts.join(' | ');
  });
}
