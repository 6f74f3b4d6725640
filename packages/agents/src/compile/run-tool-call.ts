import { interrupt, isGraphInterrupt, type NodeContext } from '@weft/graph';
import { currentTools } from '../tools/toolset.ts';
import type { Draft } from 'immer';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import { AgentError } from '../errors.ts';
import { textOf, type ContentPart, type FinishReason, type ToolCall } from '@weft/chat-model';
import { ToolContent } from '../tools/tool-content.ts';
import type { Tool } from '../tools/tool.ts';
import type { AgentTool } from '../agents/agent-tool.ts';
import type { ToolContext } from '../tools/tool-context.ts';
import type { AgentRunState } from './agent-run-state.ts';
import { isExitTool } from './built-in-tools.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { TRANSFER_TOOL } from './transfer-tool.ts';
import type { ToolOutcome } from './tool-outcome.ts';
import { approvalDecisionSchema } from './approval-decision-schema.ts';
import { oversizedResult, resultLimitOf } from '../limits/tool-result-limit.ts';
// Guardrails: checks on a call's arguments and result (only for an agent that has tool guardrails).
import { guardToolArguments, guardToolResult } from '../guardrails/guard-tool-call.ts';
// Budgets: only runs that count usage count their tool calls.
import { chargeToolCall } from '../budget/charge-tool-call.ts';

/**
 * Runs one tool call. Anything that goes wrong becomes a tool message for the
 * model (unknown tool, arguments that are not JSON or fail the schema, a tool
 * that throws), unless the agent asked for `toolErrors: 'throw'`.
 */
export async function runToolCall(
  agent: ChatModelSettings,
  call: ToolCall,
  ctx: NodeContext<AgentRunState>,
  options: {
    idempotencyKey: string;
    loop: string | undefined;
    runPath: readonly string[];
    builtIns: ReadonlyMap<string, Tool>;
    transferTargets: readonly string[];
  },
): Promise<ToolOutcome> {
  const { idempotencyKey, loop } = options;
  const resolved = await resolveCall(agent, call, options, ctx.state);
  if (!('found' in resolved)) return resolved;
  const { found } = resolved;
  let value = resolved.value;
  const approval = askApproval(found, call, value, resolved.args);
  if (approval.kind === 'rejected') {
    return {
      callId: call.id,
      name: call.name,
      content: `The user rejected the call to ${call.name}${approval.reason ? `: ${approval.reason}` : '.'}`,
    };
  }
  if (approval.kind === 'approved' && approval.arguments !== undefined) {
    const edited = await found.check(approval.arguments);
    if (!edited.ok) return toolError(agent, call, 'TOOL_ARGUMENTS_INVALID', `invalid edited arguments for ${call.name}: ${edited.message}`);
    value = edited.value;
  }
  const guarded = agent.guardrails?.tool?.length ? { agent, call, ctx, runPath: options.runPath } : undefined;
  if (guarded) {
    const checked = await guardToolArguments(guarded, value, (a) => Promise.resolve(found.check(a)));
    if ('outcome' in checked) return checked.outcome;
    value = checked.value;
  }
  // Budgets: a run with a budget (or whose models reported usage) counts the call before it runs, after its approval and guardrails.
  if (ctx.budget.counting) chargeToolCall(ctx.budget, agent.name);
  let result: unknown;
  let broke = false;
  try {
    result = await found.execute(
      value,
      toolContext(agent, call, ctx, { idempotencyKey, loop, runPath: options.runPath }, () => (broke = true)),
    );
  } catch (err) {
    // TOOL_UNAVAILABLE: the tool could not be reached at all (its server is gone). The model could do nothing
    // with that; the run stops with it instead, and resuming the thread calls the tool again.
    if (isGraphInterrupt(err) || ctx.signal.aborted || isUnavailable(err)) throw err;
    return toolError(agent, call, 'TOOL_FAILED', `${call.name} failed: ${err instanceof Error ? err.message : String(err)}`, err);
  }
  let content: string | ContentPart[] =
    result instanceof ToolContent ? result.parts : typeof result === 'string' ? result : (JSON.stringify(result) ?? '');
  if (guarded) {
    const checked = await guardToolResult(guarded, content);
    if ('outcome' in checked) return checked.outcome;
    content = checked.value;
  }
  // Checked before the result enters the history (the exit tool's result is the model's own, bounded by its call's maxBytes).
  // Parts count their text: their bytes are bounded where they are stored (the checkpoint's per-value limit).
  const oversized = isExitTool(found) ? undefined : oversizedResult(call.name, textOf(content), resultLimitOf(found, agent));
  if (oversized) return toolError(agent, call, 'TOOL_RESULT_TOO_LARGE', oversized.message, undefined, oversized.details);
  const outcome: ToolOutcome = { callId: call.id, name: call.name, content };
  if (broke) outcome.breakLoop = true;
  if (isExitTool(found)) outcome.action = 'exit';
  else if (agent.returnDirectly?.includes(call.name)) outcome.action = 'returnDirectly';
  return outcome;
}

/** Finds the tool and checks the call's arguments: the tool and its checked arguments, or the tool message that says why not. */
async function resolveCall(
  agent: ChatModelSettings,
  call: ToolCall,
  options: { builtIns: ReadonlyMap<string, Tool>; transferTargets: readonly string[] },
  state: AgentRunState,
): Promise<ToolOutcome | { found: Tool; value: unknown; args: unknown }> {
  const available = currentTools(agent.tools);
  const listed: Tool | AgentTool | undefined = options.builtIns.get(call.name) ?? available.find((t) => t.name === call.name);
  if (!listed) {
    const names = [...available.map((t) => t.name), ...options.builtIns.keys()];
    return toolError(
      agent,
      call,
      'TOOL_NOT_FOUND',
      `there is no tool named "${call.name}"; available tools: ${names.join(', ') || 'none'}`,
    );
  }
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch (err) {
    // Cut off by the output token limit: say so, so that the model retries with less instead of fixing its JSON.
    if (finishReasonOf(state, agent.name, call.id) === 'length') {
      const message = `the arguments of ${call.name} were cut off: the answer reached the model's output limit (finish reason "length") before they were complete; call ${call.name} again with shorter arguments`;
      return toolError(agent, call, 'TOOL_ARGUMENTS_INVALID', message, err);
    }
    return toolError(
      agent,
      call,
      'TOOL_ARGUMENTS_INVALID',
      `the arguments for ${call.name} are not valid JSON (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  // Agent tools run as subgraphs; only a call whose arguments fail their schema is routed here, to report that.
  if (listed.kind === 'agent-tool') {
    const check = listed.check(args);
    return toolError(
      agent,
      call,
      'TOOL_ARGUMENTS_INVALID',
      `invalid arguments for ${call.name}: ${check.ok ? 'not runnable here' : check.message}`,
    );
  }
  const found: Tool = listed;
  // A promise only for a Standard Schema that validates asynchronously.
  const checked = await found.check(args);
  if (!checked.ok) return toolError(agent, call, 'TOOL_ARGUMENTS_INVALID', `invalid arguments for ${call.name}: ${checked.message}`);
  if (call.name === TRANSFER_TOOL && options.builtIns.has(TRANSFER_TOOL)) {
    const target = (checked.value as { agent_name: string }).agent_name;
    if (options.transferTargets.includes(target)) return transferOutcome(call, target);
    return toolError(
      agent,
      call,
      'TRANSFER_TARGET_INVALID',
      `agent "${agent.name}" cannot transfer to "${target}"; valid targets: ${options.transferTargets.join(', ')}`,
    );
  }
  return { found, value: checked.value, args };
}

/**
 * The finish reason of the assistant message that made `callId`, read from the
 * recorded history (the tools node gets the call alone). Newest lanes first
 * (a running parallel child's lane was added after its parent's) and newest
 * events first, so an older turn that reused the id is not taken. Only read
 * for arguments that are not JSON, so a normal call pays nothing.
 */
function finishReasonOf(state: AgentRunState, agentName: string, callId: string): FinishReason | undefined {
  const lanes = Object.values(state.lanes);
  for (let l = lanes.length - 1; l >= 0; l--) {
    const chunks = lanes[l]!.events;
    for (let c = chunks.length - 1; c >= 0; c--) {
      const events = chunks[c]!;
      for (let e = events.length - 1; e >= 0; e--) {
        const { agentName: by, message } = events[e]!;
        if (by === agentName && message.role === 'assistant' && message.toolCalls?.some((t) => t.id === callId))
          return message.finishReason;
      }
    }
  }
  return undefined;
}

type ToolErrorCode = 'TOOL_NOT_FOUND' | 'TOOL_ARGUMENTS_INVALID' | 'TOOL_FAILED' | 'TOOL_RESULT_TOO_LARGE' | 'TRANSFER_TARGET_INVALID';

/** A failed call as the tool message the model gets (or thrown, with `toolErrors: 'throw'`). */
function toolError(
  agent: ChatModelSettings,
  call: ToolCall,
  code: ToolErrorCode,
  message: string,
  cause?: unknown,
  details?: object,
): ToolOutcome {
  const err = new AgentError(code, message, { cause, details: { tool: call.name, callId: call.id, ...details } });
  if (agent.toolErrors === 'throw') throw err;
  return { callId: call.id, name: call.name, content: `Error: ${message}`, error: err.toJSON() };
}

const transferOutcome = (call: ToolCall, target: string): ToolOutcome => ({
  callId: call.id,
  name: call.name,
  content: `successfully transferred to agent [${target}]`,
  action: 'transfer',
  target,
});

type Approval =
  | { kind: 'not-needed' }
  | { kind: 'rejected'; reason?: string | undefined }
  | { kind: 'approved'; arguments?: Record<string, unknown> | undefined };

/**
 * For a tool that needs approval: interrupts with `{ tool, arguments }` and reads the decision it is resumed with.
 * `needsApproval` gets the checked value; the interrupt shows the model's arguments as sent (plain JSON, the
 * form edited arguments come back in), not a schema's transformed output.
 */
function askApproval(found: Tool, call: ToolCall, value: unknown, args: unknown): Approval {
  const needed = typeof found.needsApproval === 'function' ? found.needsApproval(value) : found.needsApproval === true;
  if (!needed) return { kind: 'not-needed' };
  // The schema refuses a malformed answer at resume (RESUME_INVALID): the approval keeps waiting.
  const decision = interrupt({ tool: call.name, arguments: args }, { resume: approvalDecisionSchema });
  return decision.approved ? { kind: 'approved', arguments: decision.arguments } : { kind: 'rejected', reason: decision.reason };
}

function toolContext(
  agent: ChatModelSettings,
  call: ToolCall,
  ctx: NodeContext<AgentRunState>,
  where: { idempotencyKey: string; loop: string | undefined; runPath: readonly string[] },
  onBreak: () => void,
): ToolContext {
  const { idempotencyKey, loop, runPath } = where;
  return {
    callId: call.id,
    agentName: agent.name,
    threadId: ctx.threadId,
    checkpointId: ctx.checkpointId,
    idempotencyKey,
    signal: ctx.signal,
    // Methods that close over the call (they never use `this`, so destructuring them works).
    getSessionValue<T>(key: string) {
      return ctx.state.session[key] as T | undefined;
    },
    setSessionValue(key, value) {
      ctx.set(['session', key], value);
    },
    getSessionValues() {
      return ctx.state.session;
    },
    patched(id) {
      return ctx.patched(id);
    },
    breakLoop() {
      if (loop === undefined)
        throw new AgentError(
          'INVALID_ARGUMENT',
          `tool ${call.name} called breakLoop(), but agent "${agent.name}" is not inside a loop agent`,
        );
      onBreak();
      ctx.update((d: Draft<AgentRunState>) => void (d.workflows[loop]!.broken = true));
    },
    memory: {
      report: (memory) => emitAgentEvent(ctx, { type: 'memory', agentName: agent.name, runPath: [...runPath], memory }),
      recordWrite: (writeId) => ctx.update((d: Draft<AgentRunState>) => void ((d.memoryWrites ??= {})[writeId] = true)),
      wrote: (writeId) => ctx.state.memoryWrites?.[writeId] === true,
    },
  };
}

/** A tool's error that says the tool itself could not be reached (`code: 'TOOL_UNAVAILABLE'`), from any package. */
function isUnavailable(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'TOOL_UNAVAILABLE';
}
