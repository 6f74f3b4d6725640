import { AgentError } from '../errors.ts';
import type { HistoryRewriter } from '../history/rewrite-history.ts';
import type { Message } from '@weft/chat-model';
import type { ChatModel } from '@weft/chat-model';
import type { Tool } from '../tools/tool.ts';
import { isToolset, type Toolset } from '../tools/toolset.ts';
import type { Agent } from './agent.ts';
import type { TypedOutput } from './agent-output.ts';
import { checkOutputSchema, type OutputSchema, type OutputSchemaType } from './output-schema.ts';
import type { AgentTool } from './agent-tool.ts';
import type { TransferOptions } from './transfer.ts';
import { checkModelCallLimits, type ModelCallLimits } from '../limits/model-call-limits.ts';
import { checkResultLimit } from '../limits/tool-result-limit.ts';

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
}

/** A ChatModelAgent: a model that calls tools in a ReAct loop, compiled to `model → tools → model`. `O`: its final output's type. */
export interface ChatModelAgent<O = unknown>
  extends Readonly<Omit<ChatModelAgentConfig, 'tools' | 'maxIterations' | 'outputRetries'>>, TypedOutput<O> {
  readonly kind: 'chat-model';
  readonly maxIterations: number;
  readonly outputRetries: number;
  readonly tools: readonly (Tool | AgentTool | Toolset)[];
  /** Set by withSubAgents. */
  readonly subAgents?: readonly Agent[];
  readonly transferOptions?: TransferOptions;
  /** Set by deterministicTransfer: the agent that runs after this one ends. */
  readonly handoff?: string;
}

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_ .-]{0,63}$/;

/**
 * Defines a ChatModelAgent; a bad definition is a typed error at once. With an
 * `outputSchema`, the run's `finalOutput` has the schema's type.
 *
 * @example
 * const weather = chatModelAgent({
 *   name: 'weather',
 *   description: 'answers weather questions',
 *   instruction: 'Answer with the forecast.',
 *   model,
 *   tools: [getWeather],
 *   outputSchema: z.object({ city: z.string(), celsius: z.number() }),
 * });
 */
export function chatModelAgent<const S extends OutputSchema | undefined = undefined>(
  config: ChatModelAgentConfig & { outputSchema?: S },
): ChatModelAgent<OutputSchemaType<S>> {
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `chatModelAgent ${JSON.stringify(config?.name)}: ${msg}`);
  if (config === null || typeof config !== 'object') throw new AgentError('INVALID_ARGUMENT', 'chatModelAgent() takes an options object');
  if (typeof config.name !== 'string' || !NAME.test(config.name) || config.name.includes(':')) {
    throw bad('name must be 1-64 characters: letters, digits, space, ".", "_" or "-"');
  }
  if (typeof config.description !== 'string') throw bad('description must be a string');
  if (!config.model || typeof config.model.generate !== 'function' || typeof config.model.stream !== 'function') {
    throw bad('model must be a ChatModel (generate and stream)');
  }
  const tools = config.tools ?? [];
  if (!Array.isArray(tools) || tools.some((t) => t?.kind !== 'tool' && t?.kind !== 'agent-tool' && !isToolset(t)))
    throw bad('tools must be made with tool() or agentTool(), or be toolsets ({ kind: "toolset", name, tools() })');
  const names = tools.filter((t) => !isToolset(t)).map((t) => t.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw bad(`two tools are named "${dup}"`);
  const reserved = names.find((n) => n === 'transfer_to_agent' || (n === 'exit' && config.exit));
  if (reserved) throw bad(`tool name "${reserved}" is reserved`);
  for (const r of config.returnDirectly ?? [])
    if (!names.includes(r)) throw bad(`returnDirectly names "${r}", which is not one of its tools (${names.join(', ')})`);
  const maxIterations = config.maxIterations ?? 20;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw bad('maxIterations must be a positive integer');
  if (config.toolErrors !== undefined && config.toolErrors !== 'return' && config.toolErrors !== 'throw')
    throw bad("toolErrors must be 'return' or 'throw'");
  const limits =
    config.modelCallLimits === undefined
      ? {}
      : { modelCallLimits: checkModelCallLimits(config.modelCallLimits, `chatModelAgent ${JSON.stringify(config.name)}`) };
  if (config.maxToolResultBytes !== undefined)
    checkResultLimit(config.maxToolResultBytes, `chatModelAgent ${JSON.stringify(config.name)}: maxToolResultBytes`);
  const outputRetries = config.outputRetries ?? 2;
  if (!Number.isInteger(outputRetries) || outputRetries < 0) throw bad('outputRetries must be an integer ≥ 0');
  if (config.outputSchema !== undefined) {
    // An exit's or a returnDirectly tool's result is tool text, not an answer the schema could check.
    if (config.exit || config.returnDirectly?.length)
      throw bad('outputSchema cannot be combined with exit or returnDirectly, whose results are tool text');
    checkOutputSchema(config.outputSchema, `chatModelAgent "${config.name}"`);
  }
  return Object.freeze({ ...config, ...limits, kind: 'chat-model', maxIterations, outputRetries, tools: Object.freeze([...tools]) });
}
