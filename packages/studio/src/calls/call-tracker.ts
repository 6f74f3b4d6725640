import { textOf, type ContentPart, type Message, type ModelInput } from '@weft/agents';
import type { GraphEvent, InstrumentedNode, RunStatus } from '@weft/graph';
import type { CallEventData, CallStatus, ModelCallStart, ToolCallStart } from '../events/call-event.ts';
import { callCost, type ModelPrices } from './model-prices.ts';

type NodeEvent<T extends GraphEvent['type']> = Extract<GraphEvent, { type: T }>;

/** A call under way; a model call's start is sent once its input is known (or when it ends without one). */
interface OpenCall {
  start: ModelCallStart | ToolCallStart;
  sent: boolean;
  /** The model id the node's requests name, as its annotations declare it (model calls). */
  requestModel: string | undefined;
}

/** A model node's output (@weft/agents' ModelOutcome), read as untrusted data. */
interface ModelOutput {
  message?: Message;
}

/** A tool task's output (@weft/agents' ToolTaskOutput), read as untrusted data. */
interface ToolOutput {
  content?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/**
 * Turns a run's graph events and its model inputs into `call` events: one
 * `start` and one `end` per model call (a `chat-model` node's task) and per
 * tool call (a `tools` or `agent-tool` node's task) of the top-level graph,
 * each with the agent its node's annotations name. The times are the
 * events' own (`node.start`'s `ts`, `node.end`'s `durationMs`), so a page
 * draws the run as it ran, not as its events reached it. A model call's
 * start waits for its input (reported while the node runs, before the model
 * is called), so that it is sent once, with the messages. Calls inside a
 * subgraph (an agent tool's own agents) are not described by the run's
 * nodes, and are left out, as an OpenTelemetry trace leaves them.
 */
export class CallTracker {
  readonly #open = new Map<string, OpenCall>();
  #count = 0;

  constructor(
    private readonly nodes: ReadonlyMap<string, InstrumentedNode>,
    private readonly prices: ModelPrices,
    private readonly send: (data: CallEventData) => void,
  ) {}

  /** One graph event of the run, in order. */
  event(e: GraphEvent): void {
    switch (e.type) {
      case 'node.start':
        return this.#start(e);
      case 'node.end':
        return this.#end(e);
      case 'node.retry':
        return this.#close(taskOf(e), e.ts, 'failed', errorOf(e.error));
      case 'error':
        if (e.node !== undefined) for (const task of this.#tasksOf(e.path, e.node)) this.#close(task, e.ts, 'failed', errorOf(e.error));
        return;
      case 'interrupt':
        // The step has settled: a call still open stopped at the interrupt (it runs again on resume).
        for (const task of [...this.#open.keys()]) this.#close(task, e.ts, 'interrupted');
        return;
      case 'run.end':
        return this.end(e.ts, e.status);
      default:
        return;
    }
  }

  /** A model call's input, reported by its node before the model is called: its start goes out with it. */
  modelInput(input: ModelInput): void {
    const open = this.#open.get(taskOf(input));
    if (!open || open.sent || open.start.kind !== 'model') return;
    open.start.messages = [...input.messages];
    this.#sendStart(open);
  }

  /** The run ended: what is still open was under way (or waiting) when it did. */
  end(ts: number, status: RunStatus): void {
    for (const task of [...this.#open.keys()]) this.#close(task, ts, status === 'interrupted' ? 'interrupted' : 'cancelled');
  }

  #start(e: NodeEvent<'node.start'>): void {
    const info = e.path.length === 0 ? this.nodes.get(e.node) : undefined;
    const agentName = info?.annotations['agent'];
    if (!info || typeof agentName !== 'string') return;
    const site = { callId: `c${++this.#count}`, agentName, node: e.node, path: [...e.path], ts: e.ts };
    if (info.kind === 'chat-model') {
      const model = text(info.annotations['model']);
      const declared = info.annotations['modelInfo'] as { request?: { model?: unknown } } | undefined;
      const start: ModelCallStart = { phase: 'start', kind: 'model', ...site, model };
      this.#open.set(taskOf(e), { start, sent: false, requestModel: text(declared?.request?.model) });
      return;
    }
    const call = toolCallOf(info, e.input);
    if (!call) return;
    const open: OpenCall = { start: { phase: 'start', kind: 'tool', ...site, ...call }, sent: false, requestModel: undefined };
    this.#open.set(taskOf(e), open);
    this.#sendStart(open);
  }

  #end(e: NodeEvent<'node.end'>): void {
    const task = taskOf(e);
    const open = this.#open.get(task);
    if (!open) return;
    this.#open.delete(task);
    if (!open.sent) this.#sendStart(open);
    const base = { phase: 'end' as const, callId: open.start.callId, ts: e.ts, durationMs: e.durationMs };
    if (open.start.kind === 'tool') {
      const out = (e.output ?? {}) as ToolOutput;
      const error = out.error ? errorOf(out.error) : undefined;
      // A result of content parts (an image a tool returned) shows its text.
      const result =
        typeof out.content === 'string'
          ? { result: out.content }
          : Array.isArray(out.content)
            ? { result: textOf(out.content as ContentPart[]) }
            : {};
      return this.send({ ...base, kind: 'tool', status: error ? 'failed' : 'done', ...result, ...(error ? { error } : {}) });
    }
    const message = ((e.output ?? {}) as ModelOutput).message;
    const responseModel = text(message?.response?.model);
    const cost = callCost(this.prices, [responseModel, open.requestModel, open.start.model], message?.usage);
    this.send({
      ...base,
      kind: 'model',
      status: 'done',
      ...(message ? { message } : {}),
      ...(message?.usage ? { usage: message.usage } : {}),
      ...(message?.finishReason ? { finishReason: message.finishReason } : {}),
      ...(responseModel ? { responseModel } : {}),
      ...cost,
    });
  }

  /** Ends an open call other than by its node's end: its duration is up to `ts`. */
  #close(task: string, ts: number, status: CallStatus, error?: { code: string; message: string }): void {
    const open = this.#open.get(task);
    if (!open) return;
    this.#open.delete(task);
    if (!open.sent) this.#sendStart(open);
    const { callId, kind } = open.start;
    this.send({ phase: 'end', kind, callId, ts, durationMs: Math.max(0, ts - open.start.ts), status, ...(error ? { error } : {}) });
  }

  #sendStart(open: OpenCall): void {
    open.sent = true;
    this.send(open.start);
  }

  /** The open tasks of a node (an `error` event names the node, not the task). */
  #tasksOf(path: readonly string[], node: string): string[] {
    const prefix = `${path.join('/')}|${node}|`;
    return [...this.#open.keys()].filter((task) => task.startsWith(prefix));
  }
}

/** A task's identity among the open calls: where its graph sits, the node, the send key. */
const taskOf = (e: { path: readonly string[]; node: string; key?: string | undefined }): string =>
  `${e.path.join('/')}|${e.node}|${e.key ?? ''}`;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function errorOf(error: { code?: unknown; message?: unknown }): { code: string; message: string } {
  return { code: text(error.code) ?? 'ERROR', message: typeof error.message === 'string' ? error.message : '' };
}

/** The tool call a tools task runs (its input is the model's ToolCall), or an agent tool's (the call and the request its agent gets). */
function toolCallOf(info: InstrumentedNode, input: unknown): Pick<ToolCallStart, 'toolName' | 'toolCallId' | 'arguments'> | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  if (info.kind === 'tools') {
    const call = input as { id?: unknown; name?: unknown; arguments?: unknown };
    return {
      toolName: text(call.name) ?? '',
      toolCallId: text(call.id) ?? '',
      arguments: typeof call.arguments === 'string' ? call.arguments : '',
    };
  }
  if (info.kind !== 'agent-tool') return undefined;
  const given = input as { call?: { id?: unknown; name?: unknown }; messages?: { content?: unknown }[] };
  const request = given.messages?.[0]?.content;
  return {
    toolName: text(given.call?.name) ?? text(info.annotations['agentTool']) ?? '',
    toolCallId: text(given.call?.id) ?? '',
    arguments: typeof request === 'string' ? request : '',
  };
}
