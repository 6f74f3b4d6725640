/**
 * @weft/agents — agents, tools, transfers and workflow agents compiled into one
 * @weft/graph graph (Eino ADK vocabulary).
 *
 * @example
 * import { chatModelAgent, tool, Runner } from '@weft/agents';
 * import { z } from 'zod';
 *
 * const getWeather = tool({
 *   name: 'get_weather', description: 'Weather of a city.',
 *   parameters: z.object({ city: z.string() }), // or Valibot, ArkType, a JSON Schema
 *   execute: ({ city }) => `the temperature in ${city} is 25°C`, // city: string
 * });
 * const agent = chatModelAgent({ name: 'WeatherAgent', description: 'Answers weather questions.', model, tools: [getWeather] });
 * const done = await new Runner({ agent }).query('Weather in Beijing?');
 */

// Messages and models
export type { Message, Role, ToolCall, Usage, FinishReason, ResponseInfo } from '@weft/chat-model';
export { systemMessage, userMessage, assistantMessage, toolMessage } from '@weft/chat-model';
export type { ContentPart, ContentPartType, TextPart, ImagePart, FilePart, AudioPart, ReasoningPart } from '@weft/chat-model';
export { textOf, partsOf, checkContent, ChatModelError } from '@weft/chat-model';
export type {
  ChatModel,
  ChatModelInfo,
  ChatModelRequestInfo,
  ModelCallOptions,
  MessageChunk,
  ToolCallDelta,
  ToolSpec,
  JsonSchema,
  OutputSpec,
} from '@weft/chat-model';
export { concatMessageChunks } from '@weft/chat-model';

// Tools
export { tool } from './tools/tool.ts';
export { toolContent, ToolContent } from './tools/tool-content.ts';
export type { Tool, ToolConfig, ToolCheck, ToolParameters, ToolArgs } from './tools/tool.ts';
export { isToolset } from './tools/toolset.ts';
export type { Toolset } from './tools/toolset.ts';
export type { FromJsonSchema } from './tools/from-json-schema.ts';
export type { ToolContext } from './tools/tool-context.ts';
export { DEFAULT_MAX_TOOL_RESULT_BYTES } from './limits/tool-result-limit.ts';
export type { ApprovalDecision } from './compile/approval-decision-schema.ts';

// Agents
export { chatModelAgent } from './agents/chat-model-agent.ts';
export type { ChatModelAgent, ChatModelAgentConfig, ModelInputParts } from './agents/chat-model-agent.ts';
export type { ChatModelSettings } from './agents/chat-model-agent-config.ts';
export { DEFAULT_MODEL_CALL_LIMITS } from './limits/model-call-limits.ts';
export type { ModelCallLimits, ModelCallLimit } from './limits/model-call-limits.ts';
export type { OutputOf, TypedOutput } from './agents/agent-output.ts';
export { checkOutputSchema } from './agents/output-schema.ts';
export type { OutputSchema, OutputSchemaType, PreparedOutput } from './agents/output-schema.ts';
export { sequential } from './agents/sequential-agent.ts';
export { parallel } from './agents/parallel-agent.ts';
export { loop } from './agents/loop-agent.ts';
export { withSubAgents, deterministicTransfer } from './agents/transfer.ts';
export { supervisor } from './agents/supervisor.ts';
export { agentTool } from './agents/agent-tool.ts';
export { planExecute } from './agents/plan-execute.ts';
export type { PlanExecuteConfig } from './agents/plan-execute.ts';
export type { AgentTool, AgentToolOptions } from './agents/agent-tool.ts';
export type { SequentialAgent } from './agents/sequential-agent.ts';
export type { ParallelAgent } from './agents/parallel-agent.ts';
export type { LoopAgent } from './agents/loop-agent.ts';
export type { WorkflowAgent } from './agents/workflow-agent.ts';
export type { WorkflowConfig } from './agents/workflow-config.ts';
export type {
  AgentEvent,
  AgentEventType,
  AgentAction,
  AgentMessageEvent,
  AgentChunkEvent,
  AgentToolResultEvent,
  AgentTransferEvent,
  AgentExitEvent,
  AgentBreakEvent,
  AgentInterruptEvent,
  AgentContextEvent,
  AgentMemoryEvent,
  AgentErrorEvent,
} from './agents/agent-event.ts';
export { agentEventOf } from './runner/agent-event-of.ts';
export { agentEvents } from './compile/agent-events.ts';

// Agent kinds: the interface every agent implements, and what a kind of your own compiles with
export { AGENT, isAgent } from './agents/agent.ts';
export type { Agent, AgentCompiler, AgentScope, AgentGraphBuilder, Target, TransferOptions } from './agents/agent.ts';
export { defineAgent } from './agents/define-agent.ts';
export { childScope } from './compile/child-scope.ts';
export { emitAgentEvent } from './compile/emit-agent-event.ts';
export { recordEvents, visibleEvents } from './compile/agent-run-state.ts';

// Instrumentation
export { observeModelInput } from './compile/observe-model-input.ts';
export type { ModelInput, ModelInputListener } from './compile/observe-model-input.ts';

// Memory: what outlives the thread
export { memoryTools } from './memory/memory-tools.ts';
export { memoryText } from './memory/memory-text.ts';
export type { MemoryNamespace, MemoryScope } from './memory/memory-scope.ts';
export type { MemoryToolsOptions, RememberedValue, RememberArgs, RecallArgs, ForgetArgs } from './memory/memory-tools.ts';
export type { MemoryActivity, ToolMemory } from './memory/memory-activity.ts';

// Context: what each model call is sent
export { trimToTokens } from './context/trim-to-tokens.ts';
export type { TrimOptions } from './context/trim-to-tokens.ts';
export { summarize, SUMMARY_INSTRUCTION } from './context/summarize.ts';
export type { SummarizeOptions } from './context/summarize.ts';
export { dropReasoning } from './context/drop-reasoning.ts';
export { cacheHint } from './context/cache-hint.ts';
export { turnGroups } from './context/turn-groups.ts';
export { estimateTokens, tokenizerFor } from './context/token-counter.ts';
export type { Tokenizer, CountText, TokenCounter } from './context/token-counter.ts';
export type { ContextPolicy, ContextWindow, ContextStep, ContextChange } from './context/context-policy.ts';
export type { CacheHintedOptions } from './context/cache-hinted-options.ts';

// History and session values
export { rewriteHistory } from './history/rewrite-history.ts';
export type { HistoryRewriter } from './history/rewrite-history.ts';
export type { RecordedEvent } from './history/recorded-event.ts';
export { fillInstruction } from './session/fill-instruction.ts';

// Guardrails: checks on the input, the final answer and tool calls (the graph-level guardrail() is @weft/graph's)
export { inputGuardrail, type InputGuardrail, type InputGuardrailConfig } from './guardrails/input-guardrail.ts';
export { outputGuardrail, type OutputGuardrail, type OutputGuardrailConfig } from './guardrails/output-guardrail.ts';
export { toolGuardrail, type ToolGuardrail, type ToolGuardrailConfig, type ToolResultContent } from './guardrails/tool-guardrail.ts';
export { judgeGuardrail, type JudgeGuardrailConfig } from './guardrails/judge-guardrail.ts';
export type { AgentGuardrails } from './guardrails/agent-guardrails.ts';
export type { AgentGuardrailEvent } from './agents/agent-event.ts';

// Running
export { Runner, AgentRun } from './runner/runner.ts';
export type { RunnerOptions, AgentRunOptions, AgentResumeOptions } from './runner/runner-options.ts';
export { checkpointHandle, parseCheckpointHandle } from './runner/checkpoint-handle.ts';
export { toRunTarget } from './runner/to-run-target.ts';
export { runTargetKind } from './runner/run-target-kind.ts';
export { versionsProblem } from './runner/versions-problem.ts';
export type { RunTarget, AgentRunTarget, GraphRunTarget, RunTargetOptions } from './runner/to-run-target.ts';
export type { AgentRunResult, AgentRunStatus, AgentRunDone, AgentRunInterrupted, AgentRunFailed } from './runner/agent-run-result.ts';
export type { AgentRunState, AgentGraphInput } from './compile/agent-run-state.ts';
export type { AgentGraphVersions } from './compile/compile-agent-graph.ts';

// Errors
export { AgentError } from './errors.ts';
export type { AgentErrorCode } from './errors.ts';
