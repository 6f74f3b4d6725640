import {
  EventRun,
  RunStream,
  type ChannelMessage,
  type CompiledGraph,
  type Run,
  type RunResult,
  type Instrumentation,
  WeftError,
} from '@weft/graph';
import type { Draft } from 'immer';
import type { Agent } from '../agents/agent.ts';
import type { AgentChunkEvent, AgentEvent, AgentMessageEvent } from '../agents/agent-event.ts';
import type { AgentGraphInput, AgentRunState } from '../compile/agent-run-state.ts';
import { agentEvents } from '../compile/agent-events.ts';
import { compileAgentGraph, type AgentGraph } from '../compile/compile-agent-graph.ts';
import { interruptedAgents } from '../compile/interrupted-agents.ts';
import { AgentError } from '../errors.ts';
import { textOf, userMessage, type Message } from '@weft/chat-model';
import type { AgentRunResult } from './agent-run-result.ts';
import type { OutputOf } from '../agents/agent-output.ts';
import { finalAnswer } from './final-answer.ts';
import { finalOutput } from './final-output.ts';
import { interruptEvents } from './interrupt-events.ts';
import { checkpointHandle, parseCheckpointHandle } from './checkpoint-handle.ts';
import type { AgentResumeOptions, AgentRunOptions, RunnerOptions } from './runner-options.ts';
import { checkModelCallLimits } from '../limits/model-call-limits.ts';
// Budgets: the Runner's budget and prices, checked once; a run's budget is checked before it starts.
import { checkBudget, type Budget } from '@weft/graph';
import { checkPrices } from '../budget/check-prices.ts';
import { priceMissing } from '../budget/price-missing.ts';
import { unpricedModels } from '../budget/unpriced-models.ts';

const MESSAGE_TYPES: ReadonlySet<string> = new Set<AgentEvent['type']>(['message', 'chunk']);

/** A run of an agent system: an Observable and AsyncIterable of AgentEvents, and awaitable for its result. `O`: the final output's type. */
export class AgentRun<O = unknown> extends EventRun<AgentEvent, AgentRunResult<O>> {
  /**
   * The model's output alone, as LangGraph's `messages` stream mode gives it:
   * each streamed chunk (streaming runs) and each whole assistant message, in
   * order, from every agent of the run (an Observable and an AsyncIterable).
   *
   * @example
   * for await (const e of runner.query('hi').messages()) {
   *   if (e.type === 'chunk') process.stdout.write(e.output.stream.content ?? '');
   * }
   */
  messages(): RunStream<AgentMessageEvent | AgentChunkEvent> {
    return this.stream(MESSAGE_TYPES, () => (e, emit) => {
      if (e.type === 'message' || e.type === 'chunk') emit(e);
    });
  }
}

/** Where a run's agent events go: the AgentRun's source (an RxJS subscriber). */
interface EventSink {
  next(event: AgentEvent): void;
  error(err: unknown): void;
  complete(): void;
}

/**
 * Runs an agent system. The agent tree compiles once, in the constructor, into
 * one graph (`runner.graph`), which every run and resume executes.
 *
 * @example
 * const runner = new Runner({ agent, store: new MemoryStore() });
 * const done = await runner.query('What is the weather in Oslo?', { threadId: 'chat-1' });
 * if (done.status === 'interrupted') await runner.resume(done.checkpointId!, { resume: { [done.interrupts[0].id]: { approved: true } } });
 */
export class Runner<A extends Agent = Agent> {
  readonly graph: CompiledGraph<AgentGraphInput, unknown, AgentRunState>;
  readonly #compiled: AgentGraph;
  readonly #instrumentation: readonly Instrumentation[] | undefined;
  readonly #root: string;
  /** The models of the agent tree without a price (a costUsd budget refuses to start with any). */
  readonly #unpriced: readonly string[];
  readonly #budget: Budget | undefined;

  constructor(options: RunnerOptions<A>) {
    if (options === null || typeof options !== 'object' || !options.agent)
      throw new AgentError('INVALID_ARGUMENT', 'new Runner({ agent, store?, streaming? }) needs an agent');
    this.#compiled = compileAgentGraph(options.agent, {
      store: options.store,
      maxSteps: options.maxSteps,
      modelCallLimits: options.modelCallLimits === undefined ? undefined : checkModelCallLimits(options.modelCallLimits, 'new Runner()'),
      checkpoints: options.checkpoints,
      distribute: options.distribute === true,
      streaming: options.streaming === true,
      versions: options.versions,
      prices: checkPrices(options.prices),
      budget: (this.#budget = checkBudget(options.budget, 'new Runner()')),
    });
    this.#unpriced = unpricedModels(this.#compiled.graph.toJSON(), options.prices);
    this.#checkPrices(undefined);
    this.graph = this.#compiled.graph;
    this.#instrumentation = options.instrumentation;
    this.#root = options.agent.name;
  }

  run(messages: Message[], options: AgentRunOptions = {}): AgentRun<OutputOf<A>> {
    if (!Array.isArray(messages))
      throw new AgentError('INVALID_ARGUMENT', 'run() takes a list of messages; use query(text) for a single user message');
    this.#checkPrices(checkBudget(options.budget, 'run()'));
    const input: AgentGraphInput = { messages, session: { ...(options.sessionValues ?? {}) } };
    const runOptions = {
      ...(options.threadId ? { threadId: options.threadId } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.record !== undefined ? { record: options.record } : {}),
      ...(options.holder !== undefined ? { holder: options.holder } : {}),
      ...(options.takeOver !== undefined ? { takeOver: options.takeOver } : {}),
      ...(options.lease !== undefined ? { lease: options.lease } : {}),
      ...(options.checkpoints !== undefined ? { checkpoints: options.checkpoints } : {}),
      ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
      ...(this.#instrumentation ? { instrumentation: this.#instrumentation } : {}),
      ...(options.multitask !== undefined ? { multitask: options.multitask } : {}),
      ...(options.multitaskWaitMs !== undefined ? { multitaskWaitMs: options.multitaskWaitMs } : {}),
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
    };
    return this.#wrap(options.context, (context) => this.graph.run(input, { ...runOptions, context }));
  }

  query(text: string, options: AgentRunOptions = {}): AgentRun<OutputOf<A>> {
    if (typeof text !== 'string') throw new AgentError('INVALID_ARGUMENT', 'query() takes the user text as a string');
    return this.run([userMessage(text)], options);
  }

  /** Continues from a checkpoint a run returned, with values for its interrupts. */
  resume(checkpointId: string, options: AgentResumeOptions = {}): AgentRun<OutputOf<A>> {
    const { threadId, checkpointId: id } = parseCheckpointHandle(checkpointId);
    const session = options.sessionValues;
    if (session !== undefined && (session === null || typeof session !== 'object' || Array.isArray(session)))
      throw new AgentError('INVALID_ARGUMENT', 'resume(): sessionValues must be an object of values');
    this.#checkPrices(checkBudget(options.budget, 'resume()'));
    return this.#wrap(options.context, (context) =>
      this.graph.resume({
        threadId,
        checkpointId: id,
        // On top of what the thread saved (an instrumentation's trace, a command's module), not instead of it.
        contextUpdate: context,
        ...(options.resume ? { resume: options.resume } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.record !== undefined ? { record: options.record } : {}),
        ...(options.holder !== undefined ? { holder: options.holder } : {}),
        ...(options.takeOver !== undefined ? { takeOver: options.takeOver } : {}),
        ...(options.fork !== undefined ? { fork: options.fork } : {}),
        ...(options.lease !== undefined ? { lease: options.lease } : {}),
        ...(options.checkpoints !== undefined ? { checkpoints: options.checkpoints } : {}),
        ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
        ...(this.#instrumentation ? { instrumentation: this.#instrumentation } : {}),
        ...(options.budget !== undefined ? { budget: options.budget } : {}),
        ...(session ? { update: (draft: Draft<AgentRunState>) => void Object.assign(draft.session, session) } : {}),
      }),
    );
  }

  /**
   * The AgentRun of a graph run `start` makes: its events are the graph run's
   * agent events (its `weft.agent` channel), then the ones that end it (see
   * #drive). The graph run starts on the next microtask, so misuse rejects
   * rather than throws, as a graph run's does.
   */
  #wrap(
    extra: Record<string, unknown> | undefined,
    start: (context: Record<string, unknown>) => Run<unknown, AgentRunState>,
  ): AgentRun<OutputOf<A>> {
    if (extra !== undefined && (extra === null || typeof extra !== 'object' || Array.isArray(extra)))
      throw new AgentError('INVALID_ARGUMENT', 'context must be an object of values to save with the run');
    let settle!: (driven: Promise<AgentRunResult<OutputOf<A>>>) => void;
    const result = new Promise<AgentRunResult<OutputOf<A>>>((resolve) => (settle = resolve));
    // Subscribed once, at once, by the AgentRun, which fans the events out to its own subscribers.
    const events = new RunStream<AgentEvent>((sink) => {
      const driven = this.#drive(sink, () => start({ ...extra }));
      settle(driven);
      driven.then(
        () => sink.complete(),
        (err: unknown) => sink.error(err),
      );
    });
    return new AgentRun(events, result);
  }

  /**
   * Runs the graph, passing its agent events on (an agent tool's only when
   * every agent tool on the way forwards them), then those that end the run:
   * one per interrupted agent, and an error event for a failure no agent
   * reported, or for a final answer its outputSchema refuses.
   */
  async #drive(sink: EventSink, start: () => Run<unknown, AgentRunState>): Promise<AgentRunResult<OutputOf<A>>> {
    const events: AgentEvent[] = [];
    const emit = (e: AgentEvent) => {
      events.push(e);
      sink.next(e);
    };
    await null;
    const run = start();
    const interruptedAt = new Map<string, string[]>();
    // The graph builds custom events only: those of the two channels are read, each typed.
    run.channel(agentEvents).subscribe({ next: (m) => this.#visible(m) && emit(m.data), error: () => {} });
    run.channel(interruptedAgents).subscribe({
      next: ({ path, data }) => void (path.length === 0 && interruptedAt.set(data.agentName, data.runPath)),
      error: () => {},
    });
    // A failure before the run started rejects here, and so errors the AgentRun's events.
    const res = await run;
    if (res.status === 'interrupted') for (const e of interruptEvents(res, this.#compiled, interruptedAt)) emit(e);
    // A failure no agent reported (a tool with toolErrors 'throw', maxSteps, cancellation) also ends with an error event.
    if (res.status === 'error' && !reported(events, res.error)) {
      const last = events.at(-1);
      emit({
        type: 'error',
        agentName: last?.agentName ?? this.#root,
        runPath: [...(last?.runPath ?? [this.#root])],
        error: res.error.toJSON(),
      });
    }
    const pending = res.status === 'done' ? this.#final(res) : undefined;
    // Awaited only with an outputSchema to check: a run without one pays no extra turn of the event loop.
    const final = pending instanceof Promise ? await pending : pending;
    if (final instanceof WeftError) emit({ type: 'error', agentName: this.#root, runPath: [this.#root], error: final.toJSON() });
    return this.#result(res, events, final);
  }

  /** PRICE_MISSING when a costUsd budget (the Runner's or this run's) meets a model of the tree that has no price. */
  #checkPrices(run: Budget | undefined): void {
    if (this.#unpriced.length && (run?.costUsd ?? this.#budget?.costUsd) !== undefined) throw priceMissing(this.#unpriced);
  }

  /** Whether a message of the agent channel is the run's: its own agents', or one every agent tool on its path forwards. */
  #visible({ path }: ChannelMessage<AgentEvent>): boolean {
    let tools = this.#compiled.agentTools;
    for (const node of path) {
      const tool = tools.get(node);
      if (!tool?.emitInternalEvents) return false;
      tools = tool.inner;
    }
    return true;
  }

  /** The message that ended a done run (see finalAnswer) and its output (see AgentRunDone). */
  #final(res: RunResult<unknown, AgentRunState>): Final | Promise<Final> {
    const final = finalAnswer(res.state);
    if (!final) return new AgentError('OUTPUT_INVALID', `agent "${this.#root}": the run ended without a final answer`);
    const schema = this.#compiled.agents.get(final.agentName)?.output;
    if (!schema) return { message: final.message, output: textOf(final.message) };
    return finalOutput(final, schema).then(
      (output) => ({ message: final.message, output }),
      (err: unknown) => err as WeftError<string>,
    );
  }

  #result(res: RunResult<unknown, AgentRunState>, events: AgentEvent[], final: Final | undefined): AgentRunResult<OutputOf<A>> {
    const checkpointId = res.checkpointId && res.threadId ? checkpointHandle(res.threadId, res.checkpointId) : undefined;
    const { threadId, usage } = res;
    const sessionValues = { ...res.state.session };
    if (res.status === 'interrupted') {
      const { interrupts } = res;
      return {
        status: 'interrupted',
        events,
        checkpointId,
        threadId,
        sessionValues,
        usage,
        interrupts,
        finalMessage: undefined,
        finalOutput: undefined,
        error: undefined,
      };
    }
    if (res.status === 'done' && final !== undefined && !(final instanceof WeftError)) {
      // The output's type is OutputOf<A>: the agent that wrote the final message is in A's tree, and finalOutput checked it.
      const finalOutput = final.output as OutputOf<A>;
      return {
        status: 'done',
        events,
        checkpointId,
        threadId,
        sessionValues,
        usage,
        finalMessage: final.message,
        finalOutput,
        interrupts: [],
        error: undefined,
      };
    }
    const error =
      res.error ??
      (final instanceof WeftError
        ? final
        : new AgentError('OUTPUT_INVALID', `agent "${this.#root}": the run ended without a final answer`));
    return {
      status: 'error',
      events,
      checkpointId,
      threadId,
      sessionValues,
      usage,
      error,
      interrupts: [],
      finalMessage: undefined,
      finalOutput: undefined,
    };
  }
}

/** A done run's final message and output, or why it has none. */
type Final = { message: Message; output: unknown } | WeftError<string>;

/** Whether an agent already reported this failure with an error event (a failed model step does, as it happens). */
function reported(events: readonly AgentEvent[], error: WeftError): boolean {
  return events.some((e) => e.error?.code === error.code && e.error.message === error.message);
}
