import type { ToolCall } from '@weft/chat-model';
import { applyGuardrails, type GuardrailEvent, type GuardrailStage, type NodeContext } from '@weft/graph';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import type { AgentRunState } from '../compile/agent-run-state.ts';
import { emitAgentEvent } from '../compile/emit-agent-event.ts';
import type { ToolOutcome } from '../compile/tool-outcome.ts';
import { AgentError } from '../errors.ts';
import { agentGuardrailError } from './agent-guardrail-error.ts';
import type { ToolGuardrail, ToolResultContent } from './tool-guardrail.ts';

/** Where a tool call is checked. */
export interface GuardedToolCall {
  agent: ChatModelSettings;
  call: ToolCall;
  ctx: NodeContext<AgentRunState>;
  runPath: readonly string[];
}

/**
 * The call's arguments through the agent's `before` tool guardrails, in
 * order: the arguments to run it with (rewritten ones are checked again by
 * `recheck`, the tool's schema), or the outcome that replaces the call (a
 * trip with `onTrip: 'reject'`: the model gets a tool error naming the
 * guardrail). A trip with `onTrip: 'halt'` fails the agent (throws).
 */
export async function guardToolArguments(
  where: GuardedToolCall,
  value: unknown,
  recheck: (args: unknown) => Promise<{ ok: true; value: unknown } | { ok: false; message: string }>,
): Promise<{ value: unknown } | { outcome: ToolOutcome }> {
  let current = value;
  for (const g of guardrailsOf(where, 'before')) {
    const checked = await run(where, g, 'tool-before', g.before!, current);
    if ('outcome' in checked) return checked;
    if (checked.value === current) continue;
    const again = await recheck(checked.value);
    if (!again.ok) {
      const message = `guardrail "${g.name}" rewrote the arguments of ${where.call.name}, and they are invalid: ${again.message}`;
      return {
        outcome: rejected(where, new AgentError('GUARDRAIL_FAILED', message, { details: { guardrail: g.name, stage: 'tool-before' } })),
      };
    }
    current = again.value;
  }
  return { value: current };
}

/** The tool's result through the `after` tool guardrails: the content the model gets, or the outcome of a trip. */
export async function guardToolResult(
  where: GuardedToolCall,
  content: ToolResultContent,
): Promise<{ value: ToolResultContent } | { outcome: ToolOutcome }> {
  let current = content;
  for (const g of guardrailsOf(where, 'after')) {
    const checked = await run(where, g, 'tool-after', g.after!, current);
    if ('outcome' in checked) return checked;
    current = checked.value;
  }
  return { value: current };
}

function guardrailsOf({ agent, call }: GuardedToolCall, side: 'before' | 'after'): ToolGuardrail[] {
  return (agent.guardrails?.tool ?? []).filter((g) => g[side] !== undefined && (g.tools === undefined || g.tools.includes(call.name)));
}

async function run<T>(
  where: GuardedToolCall,
  g: ToolGuardrail,
  stage: GuardrailStage,
  check: (value: T, ctx: never) => unknown,
  value: T,
): Promise<{ value: T } | { outcome: ToolOutcome }> {
  const { agent, call, ctx, runPath } = where;
  const report = (guardrail: GuardrailEvent) =>
    emitAgentEvent(ctx, { type: 'guardrail', agentName: agent.name, runPath: [...runPath], guardrail });
  const one = { name: g.name, check: check as never, failOpen: g.failOpen };
  try {
    const run = {
      stage,
      final: true,
      signal: ctx.signal,
      agent: agent.name,
      tool: call.name,
      threadId: ctx.threadId,
      budget: ctx.budget,
      report,
    };
    return { value: await applyGuardrails<T>([one], value, run) };
  } catch (err) {
    const error = agentGuardrailError(err);
    // A budget stop is the run's, not the call's: the model is not told "rejected", the run stops as for its own calls.
    if (g.onTrip === 'halt' || !(error instanceof AgentError) || error.code === 'BUDGET_EXCEEDED' || ctx.signal.aborted) throw error;
    return { outcome: rejected(where, error) };
  }
}

function rejected({ call }: GuardedToolCall, error: AgentError): ToolOutcome {
  const details = { ...(error.details as object), tool: call.name, callId: call.id };
  const err = new AgentError(error.code, error.message, { details });
  return { callId: call.id, name: call.name, content: `Error: ${error.message}`, error: err.toJSON() };
}
