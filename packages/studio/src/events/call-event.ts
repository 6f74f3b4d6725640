import type { FinishReason, Message, Usage } from '@weft/agents';

/** Where a call runs: its agent, and the graph node (with the subgraph path to it) whose task it is. */
interface CallSite {
  /** Unique within the run: the `start` and `end` of one call share it. */
  callId: string;
  agentName: string;
  node: string;
  path: string[];
  /** When it started, in milliseconds since the epoch (the node's `node.start`). */
  ts: number;
}

/** A model call starting: the model's name (the ChatModel's) and the messages it is sent, in order. */
export interface ModelCallStart extends CallSite {
  phase: 'start';
  kind: 'model';
  model: string | undefined;
  /** Absent when the call started where the studio cannot see what it sends (a task run by another process). */
  messages?: Message[];
}

/** A tool call starting: the tool, the model's id for the call, and its arguments (JSON text, as the model wrote them). */
export interface ToolCallStart extends CallSite {
  phase: 'start';
  kind: 'tool';
  toolName: string;
  toolCallId: string;
  arguments: string;
}

/**
 * How a call ended: `done`; `failed` (a tool that threw or was refused, a
 * model call that failed, an attempt retried); `interrupted` (it stopped at
 * an interrupt and runs again when the thread is resumed); `cancelled` (the
 * run ended while it was under way).
 */
export type CallStatus = 'done' | 'failed' | 'interrupted' | 'cancelled';

interface CallEndBase {
  phase: 'end';
  callId: string;
  ts: number;
  durationMs: number;
  status: CallStatus;
  error?: { code: string; message: string };
}

/** A model call's end: its answer, token counts, why it stopped, the model that answered, and its cost when a price is known. */
export interface ModelCallEnd extends CallEndBase {
  kind: 'model';
  message?: Message;
  usage?: Usage;
  finishReason?: FinishReason;
  /** The model the provider says answered (`response.model`). */
  responseModel?: string;
  /** The price table's entry the cost was computed with. */
  priceModel?: string;
  /** In US dollars, from the usage and createStudio's `prices`. */
  cost?: number;
}

/** A tool call's end: the result the model is given (a failed call's is the error text it sees). */
export interface ToolCallEnd extends CallEndBase {
  kind: 'tool';
  result?: string;
}

/**
 * A `call` event of a thread's stream: a model or tool call of an agent
 * starting or ending, with its times, input and output. The page's timeline
 * is drawn from them; the `graph` and `agent` events carry the same run in
 * the library's own terms.
 */
export type CallEventData = ModelCallStart | ToolCallStart | ModelCallEnd | ToolCallEnd;
