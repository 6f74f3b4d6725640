import { SpanKind, SpanStatusCode, context as otelContext, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { agentEventOf } from '@weft/agents';
import type { GraphEvent, InstrumentedNode, InstrumentedRun, RunInstrument, RunResult } from '@weft/graph';
import { ATTR } from './gen-ai.ts';
import { parentOf, rememberTrace } from './thread-trace.ts';

type NodeEvent<T extends GraphEvent['type']> = Extract<GraphEvent, { type: T }>;

/** An agent's span, and the last time anything of it (its nodes, its sub-agents) ended. */
interface AgentSpan {
  span: Span;
  context: Context;
  lastEnd: number;
  parent: AgentSpan | undefined;
}

/**
 * The spans of one run: the run, each step (of nodes outside agents), each
 * node (a model call as `chat <model>`, a tool call as `execute_tool <name>`),
 * and each agent (`invoke_agent <name>`) as the parent of its nodes. Agent spans end at the
 * run's end, with the time their last node ended. Transfers, retries and
 * interrupts are span events; failures set the span's status.
 */
export class RunTracer implements RunInstrument {
  readonly #tracer: Tracer;
  readonly #run: Span;
  readonly #runContext: Context;
  readonly #nodes: ReadonlyMap<string, InstrumentedNode>;
  readonly #content: boolean;
  /** The step running now, and its span once a node outside every agent started in it. */
  #stepNumber = 0;
  #step: { span: Span; context: Context } | undefined;
  readonly #open = new Map<string, Span>();
  readonly #agents = new Map<string, AgentSpan>();

  constructor(tracer: Tracer, run: InstrumentedRun, span: Span, content: boolean) {
    this.#tracer = tracer;
    this.#run = span;
    this.#runContext = trace.setSpan(parentOf(run.context) ?? otelContext.active(), span);
    this.#nodes = run.nodes;
    this.#content = content;
  }

  /** Starts the run's span, or nothing when the tracer does not record (a no-op provider): then the run is not observed at all. */
  static start(tracer: Tracer, run: InstrumentedRun, content: boolean): RunTracer | undefined {
    const attributes = {
      [ATTR.graph]: run.graph,
      [ATTR.runId]: run.runId,
      ...(run.threadId ? { [ATTR.threadId]: run.threadId, [ATTR.conversationId]: run.threadId } : {}),
      ...(run.resumedFrom ? { [ATTR.resumedFrom]: run.resumedFrom } : {}),
    };
    const span = tracer.startSpan(
      `run ${run.graph}`,
      { kind: SpanKind.INTERNAL, attributes },
      parentOf(run.context) ?? otelContext.active(),
    );
    if (!span.isRecording()) {
      span.end();
      return undefined;
    }
    rememberTrace(run.context, span);
    return new RunTracer(tracer, run, span, content);
  }

  event(e: GraphEvent): void {
    switch (e.type) {
      case 'step.start':
        if (e.path.length === 0) {
          this.#endStep();
          this.#stepNumber = e.step;
        }
        return;
      case 'step.end':
        if (e.path.length === 0) this.#endStep();
        return;
      case 'node.start':
        return this.#startNode(e);
      case 'node.end':
        return this.#endNode(e);
      case 'node.retry':
        this.#open.get(taskOf(e))?.addEvent('retry', { attempt: e.attempt, 'error.type': e.error.code, 'error.message': e.error.message });
        return;
      case 'node.custom':
        return this.#custom(e);
      case 'error':
        return this.#failed(e);
      case 'interrupt':
        this.#run.addEvent('interrupt', { 'weft.interrupt.ids': e.interrupts.map((i) => i.id) });
        return;
      default:
        return;
    }
  }

  end(result: RunResult<unknown, unknown>): void {
    for (const span of this.#open.values()) span.end(); // tasks a cancellation cut
    this.#open.clear();
    this.#endStep();
    // Innermost agents first: an agent ends with the last of its own and its sub-agents' work.
    const agents = [...this.#agents.values()].reverse();
    for (const a of agents) if (a.parent) a.parent.lastEnd = Math.max(a.parent.lastEnd, a.lastEnd);
    for (const a of agents) a.span.end(a.lastEnd);
    this.#run.setAttribute(ATTR.status, result.status);
    if (result.status === 'error') {
      this.#run.recordException(errorOf(result.error));
      this.#run.setStatus({ code: SpanStatusCode.ERROR, message: errorOf(result.error).message });
    }
    this.#run.end();
  }

  /**
   * The current step's span, started with its first node that belongs to no
   * agent: an agent's nodes go under its agent's span (every node span names
   * its step in `weft.step`), so a step of agent nodes only has no span.
   */
  #stepContext(): Context {
    if (!this.#step) {
      const span = this.#tracer.startSpan(`step ${this.#stepNumber}`, { attributes: { [ATTR.step]: this.#stepNumber } }, this.#runContext);
      this.#step = { span, context: trace.setSpan(this.#runContext, span) };
    }
    return this.#step.context;
  }

  #endStep(): void {
    this.#step?.span.end();
    this.#step = undefined;
  }

  #startNode(e: NodeEvent<'node.start'>): void {
    const info = e.path.length === 0 ? this.#nodes.get(e.node) : undefined;
    const agentName = typeof info?.annotations['agent'] === 'string' ? info.annotations['agent'] : undefined;
    const agent = agentName ? this.#agent(agentName, info!.annotations['agentPath']) : undefined;
    const parent = agent?.context ?? (e.path.length === 0 ? this.#stepContext() : (this.#step?.context ?? this.#runContext));
    const { name, attributes } = describe(e, info, agentName, this.#content);
    this.#open.set(taskOf(e), this.#tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes }, parent));
  }

  #endNode(e: NodeEvent<'node.end'>): void {
    const span = this.#open.get(taskOf(e));
    if (!span) return;
    this.#open.delete(taskOf(e));
    const info = e.path.length === 0 ? this.#nodes.get(e.node) : undefined;
    if (info?.kind === 'chat-model') modelResult(span, e.output, this.#content);
    if (info?.kind === 'tools' && this.#content) span.setAttribute(ATTR.toolResult, text(e.output));
    span.end();
    const agentName = info?.annotations['agent'];
    const agent = typeof agentName === 'string' ? this.#agents.get(agentName) : undefined;
    if (agent) agent.lastEnd = Math.max(agent.lastEnd, e.ts);
  }

  /** An agent's span, started with its first node (and its enclosing agents' before it). */
  #agent(name: string, agentPath: unknown): AgentSpan {
    const known = this.#agents.get(name);
    if (known) return known;
    const path = Array.isArray(agentPath) ? (agentPath as string[]) : [name];
    const at = path.lastIndexOf(name);
    const parent = at > 0 ? this.#agent(path[at - 1]!, path.slice(0, at)) : undefined;
    const span = this.#tracer.startSpan(
      `invoke_agent ${name}`,
      { kind: SpanKind.INTERNAL, attributes: { [ATTR.operation]: 'invoke_agent', [ATTR.agentName]: name } },
      parent?.context ?? this.#runContext,
    );
    const made: AgentSpan = { span, context: trace.setSpan(parent?.context ?? this.#runContext, span), lastEnd: Date.now(), parent };
    this.#agents.set(name, made);
    return made;
  }

  #custom(e: NodeEvent<'node.custom'>): void {
    const event = agentEventOf(e);
    const to = event?.action?.transferToAgent?.destAgentName;
    if (event && to)
      this.#agents.get(event.agentName)?.span.addEvent('transfer', { 'weft.transfer.from': event.agentName, 'weft.transfer.to': to });
  }

  #failed(e: NodeEvent<'error'>): void {
    const failing =
      e.node === undefined ? [] : [...this.#open.entries()].filter(([task]) => task.startsWith(`${e.path.join('/')}|${e.node}|`));
    for (const [task, span] of failing) {
      span.recordException({ name: e.error.name, message: e.error.message });
      span.setAttribute('error.type', e.error.code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: e.error.message });
      span.end();
      this.#open.delete(task);
    }
  }
}

/** A task's identity among the open spans: where its graph sits, the node, the send key. */
const taskOf = (e: { path: readonly string[]; node: string; key?: string | undefined }): string =>
  `${e.path.join('/')}|${e.node}|${e.key ?? ''}`;

/** A node span's name and attributes: a model call, a tool call, or any other node. */
function describe(e: NodeEvent<'node.start'>, info: InstrumentedNode | undefined, agent: string | undefined, content: boolean) {
  const common = {
    [ATTR.node]: e.node,
    [ATTR.step]: e.step,
    [ATTR.nodeKind]: info?.kind ?? 'lambda',
    ...(e.key !== undefined ? { [ATTR.taskKey]: e.key } : {}),
    ...(agent ? { [ATTR.agentName]: agent } : {}),
  };
  if (info?.kind === 'chat-model') {
    const model = typeof info.annotations['model'] === 'string' ? info.annotations['model'] : 'unknown';
    return { name: `chat ${model}`, attributes: { ...common, [ATTR.operation]: 'chat', [ATTR.requestModel]: model } };
  }
  if (info?.kind === 'tools') {
    const call = e.input as { id?: unknown; name?: unknown; arguments?: unknown } | null;
    const tool = typeof call?.name === 'string' ? call.name : 'unknown';
    return {
      name: `execute_tool ${tool}`,
      attributes: {
        ...common,
        [ATTR.operation]: 'execute_tool',
        [ATTR.toolName]: tool,
        ...(typeof call?.id === 'string' ? { [ATTR.toolCallId]: call.id } : {}),
        ...(content && call?.arguments !== undefined ? { [ATTR.toolArguments]: text(call.arguments) } : {}),
      },
    };
  }
  return { name: `node ${e.node}`, attributes: common };
}

/** A model call's usage, finish reason and (opted in) answer, from the model node's output. */
function modelResult(span: Span, output: unknown, content: boolean): void {
  const message = (
    output as { message?: { usage?: { inputTokens?: number; outputTokens?: number }; finishReason?: string; content?: unknown } }
  )?.message;
  if (!message) return;
  if (typeof message.usage?.inputTokens === 'number') span.setAttribute(ATTR.inputTokens, message.usage.inputTokens);
  if (typeof message.usage?.outputTokens === 'number') span.setAttribute(ATTR.outputTokens, message.usage.outputTokens);
  if (message.finishReason) span.setAttribute(ATTR.finishReasons, [message.finishReason]);
  if (content) span.setAttribute(ATTR.outputMessages, text(message));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function errorOf(err: unknown): { name: string; message: string } {
  const e = err as { name?: unknown; message?: unknown } | undefined;
  return { name: typeof e?.name === 'string' ? e.name : 'Error', message: typeof e?.message === 'string' ? e.message : String(err) };
}
