import type { Message } from '@weft/chat-model';
import type { NodeContext } from '@weft/graph';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import { newestUserText, recalledLine, withRecalled } from '../memory/agent-memory.ts';
import { recallItems, scopedNamespace } from '../memory/recall-items.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';

/**
 * The agent's memory recall for one model call: one search (never one per
 * message or per item), its `memory` event, and the call's messages with
 * what it found (`at`: where the block went, -1 when nothing was found
 * and the messages are as they were).
 */
export async function recallMemory(
  agent: ChatModelSettings,
  ctx: NodeContext<AgentRunState>,
  runPath: readonly string[],
  messages: Message[],
): Promise<{ messages: Message[]; at: number }> {
  const memory = agent.memory!;
  const query = (memory.recall?.query ?? newestUserText)(messages);
  if (query === undefined || query.trim() === '') return { messages, at: -1 };
  const scope = memory.scope ?? 'shared';
  const namespace = scopedNamespace(memory.namespace, scope, ctx.state.session, ctx.threadId, `agent "${agent.name}": memory`);
  const found = await recallItems(memory.bank, namespace, {
    query,
    k: memory.recall?.k ?? 5,
    minScore: memory.recall?.minScore,
    scope,
    wrote: (writeId) => ctx.state.memoryWrites?.[writeId] === true,
    signal: ctx.signal,
  });
  emitAgentEvent(ctx, { type: 'memory', agentName: agent.name, runPath: [...runPath], memory: found.activity });
  return found.items.length ? withRecalled(messages, found.items.map(recalledLine), memory.into ?? 'system') : { messages, at: -1 };
}
