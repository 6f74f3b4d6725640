import { AgentError } from '../errors.ts';
import type { HistoryRewriter } from '../history/rewrite-history.ts';
import type { Message } from '@weft/chat-model';
import type { ChatModel } from '@weft/chat-model';
import type { Tool } from '../tools/tool.ts';
import type { Agent } from './agent.ts';
import type { AgentTool } from './agent-tool.ts';
import type { TransferOptions } from './transfer.ts';

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
  /** Tools, and agents used as tools (agentTool). */
  tools?: (Tool | AgentTool)[];
  /** Model calls per activation (default 20); one more is a MAX_ITERATIONS_EXCEEDED error event. */
  maxIterations?: number;
  /** Store the agent's final text in session values under this key. */
  outputKey?: string;
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

/** A ChatModelAgent: a model that calls tools in a ReAct loop, compiled to `model → tools → model`. */
export interface ChatModelAgent extends Readonly<Omit<ChatModelAgentConfig, 'tools' | 'maxIterations'>> {
  readonly kind: 'chat-model';
  readonly maxIterations: number;
  readonly tools: readonly (Tool | AgentTool)[];
  /** Set by withSubAgents. */
  readonly subAgents?: readonly Agent[];
  readonly transferOptions?: TransferOptions;
  /** Set by deterministicTransfer: the agent that runs after this one ends. */
  readonly handoff?: string;
}

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_ .-]{0,63}$/;

/** Defines a ChatModelAgent; a bad definition is a typed error at once. */
export function chatModelAgent(config: ChatModelAgentConfig): ChatModelAgent {
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
  if (!Array.isArray(tools) || tools.some((t) => t?.kind !== 'tool' && t?.kind !== 'agent-tool'))
    throw bad('tools must be made with tool() or agentTool()');
  const names = tools.map((t) => t.name);
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
  return Object.freeze({ ...config, kind: 'chat-model', maxIterations, tools: Object.freeze([...tools]) });
}
