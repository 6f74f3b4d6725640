import type { AgentEvent } from '../agents/agent-event.ts';

/**
 * One line per event: agent, RunPath, what it carried, and its action — for
 * whole-sequence assertions. Every event's `type` is checked against what it
 * carries on the way, so each of those assertions checks the discriminant too.
 */
export function summarize(events: readonly AgentEvent[]): string[] {
  return events.map((e) => {
    const expected = typeOf(e);
    if (e.type !== expected) throw new Error(`event of type "${e.type}" carries what a "${expected}" event does: ${JSON.stringify(e)}`);
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
    if (e.type === 'context') parts.push(`context ${e.context.kind}`);
    if (e.error) parts.push(`ERROR ${e.error.code}`);
    return parts.join(' | ');
  });
}

/** The type an event's fields call for. */
function typeOf(e: AgentEvent): AgentEvent['type'] {
  if (e.action?.interrupted) return 'interrupt';
  if (e.action?.transferToAgent) return 'transfer';
  if (e.action?.exit) return 'exit';
  if (e.action?.breakLoop) return 'break';
  if (e.output?.stream) return 'chunk';
  if (e.output?.message?.role === 'assistant') return 'message';
  if (e.output?.message?.role === 'tool') return 'tool-result';
  if ('context' in e && e.context) return 'context';
  return 'error';
}
