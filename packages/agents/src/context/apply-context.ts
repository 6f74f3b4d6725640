import type { Message } from '@weft/chat-model';
import type { NodeContext } from '@weft/graph';
import type { AgentRunState } from '../compile/agent-run-state.ts';
import { emitAgentEvent } from '../compile/emit-agent-event.ts';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import type { ContextChange, ContextStep, ContextWindow } from './context-policy.ts';
import { checkTokenizer, tokenCounter } from './token-counter.ts';
import { SENT_ESTIMATE_KEY, sentEstimate, usageScale } from './usage-calibration.ts';

/**
 * Runs an agent's context policies, in order, over the messages of one model
 * call. What they record is written to the agent's lane (`context[agent]`,
 * one write, with the call's outcome), so it is in the step's checkpoint; a
 * lane has one agent running at a time, so parallel siblings, each in its
 * own lane, never write the same path. Their changes are `context` agent
 * events. When a policy counted with the estimate, the estimate of what the
 * call sends is recorded too, so the next call can scale the estimate by
 * the provider's reported usage (see usageScale).
 */
export async function applyContext(
  agent: ChatModelSettings,
  ctx: NodeContext<AgentRunState>,
  where: { lane: string; runPath: string[] },
  messages: Message[],
): Promise<ContextWindow> {
  const policies = agent.context ?? [];
  let window: ContextWindow = { messages };
  if (policies.length === 0) return window;
  const { lane, runPath } = where;
  const stored = ctx.state.lanes[lane]!.context;
  const before = stored?.[agent.name] ?? {};
  const records: Record<string, unknown> = { ...before };
  let recorded = false;
  const scale = usageScale(before[SENT_ESTIMATE_KEY], messages);
  let estimated = false;
  const step: ContextStep = {
    agentName: agent.name,
    model: agent.model,
    signal: ctx.signal,
    recorded: (key) => (Object.hasOwn(records, key) ? records[key] : undefined),
    record(key, value) {
      records[key] = value;
      recorded = true;
    },
    emit: (context: ContextChange) => emitAgentEvent(ctx, { type: 'context', agentName: agent.name, runPath, context }),
    async countTokens(tokenizer) {
      checkTokenizer(tokenizer, 'countTokens');
      const counter = await tokenCounter(tokenizer, agent.model, scale);
      if (counter.kind === 'estimate') estimated = true;
      return counter;
    },
  };
  for (const policy of policies) window = await policy(window, step);
  if (estimated) {
    const sent = (await tokenCounter('estimate', agent.model)).messages(window.messages);
    records[SENT_ESTIMATE_KEY] = sentEstimate(messages, sent, scale);
    recorded = true;
  }
  if (recorded) {
    if (stored === undefined) ctx.set(['lanes', lane, 'context'], { [agent.name]: records });
    else ctx.set(['lanes', lane, 'context', agent.name], records);
  }
  return window;
}
