import type { GuardrailEvent, InterruptRecord, WeftErrorJSON } from '@weft/graph';
import type { Message, MessageChunk } from '@weft/chat-model';
import type { ContextChange } from '../context/context-policy.ts';
import type { MemoryActivity } from '../memory/memory-activity.ts';

/**
 * What an agent did, besides producing output (Eino's AgentAction). Each
 * event type carries exactly the action it is about; this type names them all.
 */
export interface AgentAction {
  exit?: true;
  transferToAgent?: { destAgentName: string };
  breakLoop?: true;
  /** The run stopped here; resume with values for these interrupts. */
  interrupted?: { interrupts: InterruptRecord[] };
}

/** Who and where: every event has them. */
interface Base {
  agentName: string;
  /** Agent names from the root: transfers append, workflows nest (see docs/agents). */
  runPath: string[];
}

/** Fields an event type does not have, so that `e.output?.message` reads on any event without narrowing. */
interface NoOutput {
  output?: undefined;
}
interface NoAction {
  action?: undefined;
}
interface NoError {
  error?: undefined;
}

/** A tool's result as the model sees it. */
interface ToolOutput {
  message: Message;
  role: 'tool';
  toolName: string;
  stream?: undefined;
}

/** Exactly one action, the others absent (so `e.action?.exit` reads on any event). */
type Only<K extends keyof AgentAction> = Required<Pick<AgentAction, K>> & { [O in Exclude<keyof AgentAction, K>]?: undefined };

/** A whole assistant message: an answer, or tool calls. */
export interface AgentMessageEvent extends Base, NoAction, NoError {
  type: 'message';
  output: { message: Message; role: 'assistant'; stream?: undefined; toolName?: undefined };
}

/** One streamed piece of an assistant message (streaming runs); the whole message follows as a `message` event. */
export interface AgentChunkEvent extends Base, NoAction, NoError {
  type: 'chunk';
  output: { stream: MessageChunk; role: 'assistant'; message?: undefined; toolName?: undefined };
}

/** A tool's result (also an agent tool's, and a returnDirectly tool's, which ends the agent). `error` when the tool failed. */
export interface AgentToolResultEvent extends Base, NoAction {
  type: 'tool-result';
  output: ToolOutput;
  error?: WeftErrorJSON;
}

/** The result of `transfer_to_agent`: the named agent runs next. */
export interface AgentTransferEvent extends Base, NoError {
  type: 'transfer';
  output: ToolOutput;
  action: Only<'transferToAgent'>;
}

/** The `exit` tool's result: its content is the final result; the agent and its enclosing workflows end. */
export interface AgentExitEvent extends Base, NoError {
  type: 'exit';
  output: ToolOutput;
  action: Only<'exit'>;
}

/** A tool called `ctx.breakLoop()`: the enclosing loop agent ends after this agent. */
export interface AgentBreakEvent extends Base {
  type: 'break';
  output: ToolOutput;
  action: Only<'breakLoop'>;
  error?: WeftErrorJSON;
}

/** The run stopped at these interrupts (one event per interrupted agent, or per outermost parallel). */
export interface AgentInterruptEvent extends Base, NoOutput, NoError {
  type: 'interrupt';
  action: Only<'interrupted'>;
}

/**
 * A context policy changed what the agent's model is sent: older turns
 * summarised (the summary is recorded, so this shows once) or left out.
 */
export interface AgentContextEvent extends Base, NoOutput, NoAction, NoError {
  type: 'context';
  context: ContextChange;
}

/** The agent read or wrote long-term memory: a recall before a model call, or a memory tool's write. */
export interface AgentMemoryEvent extends Base, NoOutput, NoAction, NoError {
  type: 'memory';
  memory: MemoryActivity;
}

/**
 * A guardrail tripped, rewrote a value (with the original and the
 * replacement), failed open, or released a window of held streamed text
 * (heldChars, heldMs). A plain pass is not an event.
 */
export interface AgentGuardrailEvent extends Base, NoOutput, NoAction, NoError {
  type: 'guardrail';
  guardrail: GuardrailEvent;
}

/** The failure that ended an agent (and the run). */
export interface AgentErrorEvent extends Base, NoOutput, NoAction {
  type: 'error';
  error: WeftErrorJSON;
}

/**
 * One event of an agent run, as Eino's ADK has them (who, where, output,
 * action, error), discriminated by `type`: narrow on it and each event has
 * exactly its fields.
 *
 * @example
 * for await (const e of runner.query('hi')) {
 *   if (e.type === 'message') console.log(e.agentName, e.output.message.content);
 *   if (e.type === 'transfer') console.log('to', e.action.transferToAgent.destAgentName);
 * }
 */
export type AgentEvent =
  | AgentMessageEvent
  | AgentChunkEvent
  | AgentToolResultEvent
  | AgentTransferEvent
  | AgentExitEvent
  | AgentBreakEvent
  | AgentInterruptEvent
  | AgentContextEvent
  | AgentMemoryEvent
  | AgentGuardrailEvent
  | AgentErrorEvent;

export type AgentEventType = AgentEvent['type'];
