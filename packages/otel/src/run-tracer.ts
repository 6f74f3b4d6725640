import {
  SpanKind,
  SpanStatusCode,
  context as otelContext,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { agentEventOf, observeModelInput, type ModelInput } from '@weft/agents';
import {
  guardrailEvents,
  type GraphEvent,
  type GuardrailEvent,
  type InstrumentedNode,
  type InstrumentedRun,
  type RunInstrument,
  type RunResult,
} from '@weft/graph';
import { chatModelNode } from './chat-model-node.ts';
import { errorType } from './error-type.ts';
import { recordGuardrail } from './guardrail-span-event.ts';
import { annotation, describeNode, type NodeScope } from './describe-node.ts';
import { ATTR } from './gen-ai.ts';
import { inputMessages } from './input-messages.ts';
import { recordNodeResult } from './record-node-result.ts';
import { RunUsage } from './run-usage.ts';
import type { SpanConventions } from './span-conventions.ts';
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
 * run's end, with the time their last node ended. Transfers, retries,
 * interrupts and what guardrails did are span events; failures set the span's status.
 */
export class RunTracer implements RunInstrument {
  readonly #tracer: Tracer;
  readonly #run: Span;
  readonly #runContext: Context;
  readonly #nodes: ReadonlyMap<string, InstrumentedNode>;
  readonly #conventions: SpanConventions;
  readonly #conversationId: string | undefined;
  /** The step running now, and its span once a node outside every agent started in it. */
  #stepNumber = 0;
  #step: { span: Span; context: Context } | undefined;
  readonly #open = new Map<string, Span>();
  readonly #agents = new Map<string, AgentSpan>();
  /** Stops listening to the run's model inputs (recorded only with content on). */
  readonly #stopInputs: () => void;
  /** The thread's usage and budget, as the run's events report them. */
  readonly #usage = new RunUsage();

  constructor(tracer: Tracer, run: InstrumentedRun, span: Span, conventions: SpanConventions) {
    this.#tracer = tracer;
    this.#run = span;
    this.#runContext = trace.setSpan(parentOf(run.context) ?? otelContext.active(), span);
    this.#nodes = run.nodes;
    this.#conventions = conventions;
    this.#conversationId = run.threadId;
    this.#stopInputs = conventions.content ? observeModelInput(run.context, (input) => this.#modelInput(input)) : () => {};
  }

  /** Starts the run's span, or nothing when the tracer does not record (a no-op provider): then the run is not observed at all. */
  static start(tracer: Tracer, run: InstrumentedRun, conventions: SpanConventions): RunTracer | undefined {
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
    return new RunTracer(tracer, run, span, conventions);
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
        if (e.usage) this.#usage.event(e);
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
        this.#usage.interrupt(this.#run, e);
        return;
      default:
        return;
    }
  }

  end(result: RunResult<unknown, unknown>): void {
    this.#stopInputs();
    for (const span of this.#open.values()) span.end(); // tasks a cancellation cut
    this.#open.clear();
    this.#endStep();
    // Innermost agents first: an agent ends with the last of its own and its sub-agents' work.
    const agents = [...this.#agents.values()].reverse();
    for (const a of agents) if (a.parent) a.parent.lastEnd = Math.max(a.parent.lastEnd, a.lastEnd);
    for (const a of agents) a.span.end(a.lastEnd);
    this.#run.setAttribute(ATTR.status, result.status);
    this.#usage.end(this.#run, result);
    if (result.status === 'error') {
      this.#run.setAttribute(ATTR.errorType, errorType(result.error));
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
    const agentName = annotation(info, 'agent');
    const agent = agentName ? this.#agent(agentName, info!.annotations['agentPath']) : undefined;
    const parent = agent?.context ?? (e.path.length === 0 ? this.#stepContext() : (this.#step?.context ?? this.#runContext));
    // A model node streams when the Runner compiled it so: its annotations say (`streaming: true`).
    const scope: NodeScope = { agent: agentName, conversationId: this.#conversationId, streaming: info?.annotations['streaming'] === true };
    const { name, kind, attributes } = describeNode(e, info, scope, this.#conventions);
    this.#open.set(taskOf(e), this.#tracer.startSpan(name, { kind, attributes }, parent));
  }

  #endNode(e: NodeEvent<'node.end'>): void {
    const span = this.#open.get(taskOf(e));
    if (!span) return;
    this.#open.delete(taskOf(e));
    const info = e.path.length === 0 ? this.#nodes.get(e.node) : undefined;
    recordNodeResult(span, info, e.output, this.#conventions.content);
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
      { kind: SpanKind.INTERNAL, attributes: this.#agentAttributes(name) },
      parent?.context ?? this.#runContext,
    );
    const made: AgentSpan = { span, context: trace.setSpan(parent?.context ?? this.#runContext, span), lastEnd: Date.now(), parent };
    this.#agents.set(name, made);
    return made;
  }

  /**
   * An agent span's attributes, from the agent's entry node (named after the
   * agent: a ChatModelAgent's model node, a workflow's entry): its
   * description, and for a ChatModelAgent its model's provider, model id,
   * request parameters and output type (the agent runs in this process: no
   * `server.*`, which the conventions keep for remote agents).
   */
  #agentAttributes(name: string): Attributes {
    const entry = this.#nodes.get(name);
    const description = annotation(entry, 'description');
    const model = entry?.kind === 'chat-model' ? chatModelNode(entry) : undefined;
    return {
      [ATTR.operation]: 'invoke_agent',
      ...(model ? this.#conventions.providerAttributes(this.#conventions.provider(model.model, model.declaredProvider)) : {}),
      [ATTR.agentName]: name,
      ...(description ? { [ATTR.agentDescription]: description } : {}),
      ...model?.request,
      ...(this.#conversationId ? { [ATTR.conversationId]: this.#conversationId } : {}),
    };
  }

  /** What a model call sends, on its `chat` span (open since its node started). */
  #modelInput(input: ModelInput): void {
    if (input.path.length > 0 || this.#nodes.get(input.node)?.kind !== 'chat-model') return;
    this.#open.get(taskOf(input))?.setAttribute(ATTR.inputMessages, inputMessages(input.messages));
  }

  #custom(e: NodeEvent<'node.custom'>): void {
    // A graph node's guardrail: an event on that node's span.
    if (e.channel === guardrailEvents.name) {
      const span = this.#open.get(taskOf(e));
      if (span) recordGuardrail(span, e.data as GuardrailEvent);
      return;
    }
    const event = agentEventOf(e);
    // An agent's guardrail: an event on the agent's span (on its node's, should the agent have none).
    if (event?.type === 'guardrail') {
      const span = this.#agents.get(event.agentName)?.span ?? this.#open.get(taskOf(e));
      if (span) recordGuardrail(span, event.guardrail);
      return;
    }
    const to = event?.action?.transferToAgent?.destAgentName;
    if (event && to)
      this.#agents.get(event.agentName)?.span.addEvent('transfer', { 'weft.transfer.from': event.agentName, 'weft.transfer.to': to });
  }

  #failed(e: NodeEvent<'error'>): void {
    const failing =
      e.node === undefined ? [] : [...this.#open.entries()].filter(([task]) => task.startsWith(`${e.path.join('/')}|${e.node}|`));
    for (const [task, span] of failing) {
      span.recordException({ name: e.error.name, message: e.error.message });
      span.setAttribute(ATTR.errorType, e.error.code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: e.error.message });
      span.end();
      this.#open.delete(task);
    }
  }
}

/** A task's identity among the open spans: where its graph sits, the node, the send key. */
const taskOf = (e: { path: readonly string[]; node: string; key?: string | undefined }): string =>
  `${e.path.join('/')}|${e.node}|${e.key ?? ''}`;

function errorOf(err: unknown): { name: string; message: string } {
  const e = err as { name?: unknown; message?: unknown } | undefined;
  return { name: typeof e?.name === 'string' ? e.name : 'Error', message: typeof e?.message === 'string' ? e.message : String(err) };
}
