import type { ChatModel, Message } from '@weft/chat-model';
import type { ContextPolicy } from '../context/context-policy.ts';
import type { HistoryRewriter } from '../history/rewrite-history.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';
import type { Tool } from '../tools/tool.ts';
import type { Toolset } from '../tools/toolset.ts';
import type { AgentTool } from './agent-tool.ts';
import type { OutputSchema } from './output-schema.ts';
import type { AgentMemory } from '../memory/agent-memory.ts';
import type { AgentGuardrails } from '../guardrails/agent-guardrails.ts';

/** What genModelInput receives to build the model's messages itself. */
export interface ModelInputParts {
  /** The instruction with placeholders filled ('' when none). */
  instruction: string;
  /** Earlier runs of the thread (rewritten), then this run's input messages. */
  input: Message[];
  /** Earlier events of the run as this agent sees them (already rewritten). */
  history: Message[];
}

export interface ChatModelAgentConfig {
  name: string;
  description: string;
  /** A leading system message; `{key}` is filled from session values. */
  instruction?: string;
  model: ChatModel;
  /** Tools, agents used as tools (agentTool), and toolsets whose tools may change while the agent runs (an MCP server's). */
  tools?: (Tool | AgentTool | Toolset)[];
  /** Model calls per activation (default 20); one more is a MAX_ITERATIONS_EXCEEDED error event. */
  maxIterations?: number;
  /**
   * Bounds on each model call (chunks, bytes, time), over the Runner's
   * `modelCallLimits` and the defaults, field by field; going over one fails
   * the agent with MODEL_OUTPUT_LIMIT (see ModelCallLimits).
   */
  modelCallLimits?: ModelCallLimits;
  /**
   * UTF-8 bytes a tool's result may have (default 1 MiB) unless the tool sets
   * its own `maxResultBytes`: a larger result is a TOOL_RESULT_TOO_LARGE tool
   * error, kept out of the history.
   */
  maxToolResultBytes?: number;
  /** Store the agent's final output in session values under this key (the validated value with an outputSchema, else the text). */
  outputKey?: string;
  /**
   * Structured output: the final answer must be JSON matching this schema (a
   * Standard Schema such as Zod's, or a JSON Schema). The model is asked for
   * it (response_format / object output); an answer that does not parse or
   * validate goes back to the model with the validation message, up to
   * `outputRetries` times, before an OUTPUT_INVALID error.
   */
  outputSchema?: OutputSchema;
  /** Corrections asked of the model for an invalid structured answer (default 2). */
  outputRetries?: number;
  /** Give the model an `exit` tool (`final_result`) that ends the agent and its enclosing workflows. */
  exit?: boolean;
  /** Names of tools whose result ends the agent and is its output. */
  returnDirectly?: string[];
  /** 'return' (default): tool failures go back to the model as tool messages. 'throw': the run fails. */
  toolErrors?: 'return' | 'throw';
  /** Replaces how the model's messages are assembled. */
  genModelInput?: (parts: ModelInputParts) => Message[];
  /** Replaces how other agents' events are shown to this agent. */
  historyRewriter?: HistoryRewriter;
  /** Leave transfer calls and their results out of what this agent sees. */
  skipTransferMessages?: boolean;
  /**
   * Policies over each model call's messages, applied in order to what the
   * agent would send (after historyRewriter and genModelInput): trimToTokens,
   * summarize, dropReasoning, cacheHint, or your own. See docs/agents/context.md.
   */
  context?: readonly ContextPolicy[];
  /**
   * Long-term memory: before each model call, one search of the bank for the
   * newest user message, and the memories found in the call's input (after
   * the context policies, so a summary never swallows them). See
   * docs/agents/memory.md.
   */
  memory?: AgentMemory;
  /**
   * Checks on the run's input (before or beside the first model call), on the
   * final answer (streamed answers are held until the text so far passed),
   * and on tool calls' arguments and results. See docs/agents/guardrails.md.
   */
  guardrails?: AgentGuardrails;
}

/**
 * A ChatModelAgent's definition as it was checked: the config with its
 * defaults filled in. The nodes it compiles to read it.
 */
export interface ChatModelSettings extends Readonly<Omit<ChatModelAgentConfig, 'tools' | 'maxIterations' | 'outputRetries'>> {
  readonly maxIterations: number;
  readonly outputRetries: number;
  readonly tools: readonly (Tool | AgentTool | Toolset)[];
}
