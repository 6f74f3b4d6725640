import { isGraphInterrupt, type NodeContext } from '@weft/graph';
import type { Agent, AgentScope } from '../agents/agent.ts';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import type { RecordedEvent } from '../history/recorded-event.ts';
import { TRANSFER_TOOL, transferInstruction } from './transfer-tool.ts';
import { AgentError } from '../errors.ts';
import { rewriteHistory, rewriteInto } from '../history/rewrite-history.ts';
import { systemMessage, textOf, userMessage, type Message, type OutputSpec } from '@weft/chat-model';
import type { MessageChunk, ModelCallOptions, ToolSpec } from '@weft/chat-model';
import { fillInstruction } from '../session/fill-instruction.ts';
import { failAgent } from './agent-failure.ts';
import { recordEvents, visibleEvents, type AgentRunState } from './agent-run-state.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { interruptedAgents } from './interrupted-agents.ts';
import { checkModelMessage } from './check-model-message.ts';
import { checkOutputSchema, type OutputSchema, type PreparedOutput } from '../agents/output-schema.ts';
import type { ModelCallLimits } from '../limits/model-call-limits.ts';
import { limitedModelCall } from './limited-model-call.ts';
import { notifyModelInput } from './observe-model-input.ts';
import { applyContext } from '../context/apply-context.ts';
import { recallMemory } from './recall-memory.ts';
// Guardrails: only agents that have them build a GuardedTurn.
import { GuardedTurn } from '../guardrails/guarded-turn.ts';
// Budgets: only runs with a budget count their model calls.
import { chargedModelCall, recordReportedUsage } from '../budget/charged-model-call.ts';
import type { PriceTable } from '@weft/chat-model';

/** What a model node passes on: the answer, or tool calls to run (a failure is thrown; see failAgent). */
export type ModelOutcome = { kind: 'answer' | 'tools'; message: Message };

/** Marks the input a model node gets from its own tools (the ReAct loop continuing): a tool task's output carries it. */
export interface Continue {
  continueAgent: string;
}

/** Where a model call stands: entering the agent (a new activation) or continuing its ReAct loop. */
interface CallSite {
  agent: ChatModelSettings;
  scope: AgentScope;
  ctx: NodeContext<AgentRunState>;
  entering: boolean;
  count: number;
  runPath: string[];
  limits: Readonly<Required<ModelCallLimits>>;
  /** Stream the answer, each chunk an event (the Runner's `streaming`, fixed when it compiled the graph). */
  streaming: boolean;
  /** The step's guardrails, for an agent that has some. */
  guard?: GuardedTurn;
  /** The Runner's prices over @weft/chat-model's table, for a run with a budget. */
  prices: PriceTable | undefined;
}

/** How a model node calls its model: the tools it offers, the agents it can transfer to, its bounds, streamed or not. */
export interface ModelCalls {
  tools: () => readonly ToolSpec[];
  targets: readonly Agent[];
  limits: Readonly<Required<ModelCallLimits>>;
  streaming: boolean;
  prices?: PriceTable | undefined;
}

/** The model node of a ChatModelAgent: one model call per run of the node, held to its limits. */
export function modelNode(agent: ChatModelSettings, scope: AgentScope, { tools, targets, limits, streaming, prices }: ModelCalls) {
  const output = agent.outputSchema === undefined ? undefined : outputRequest(agent, agent.outputSchema);
  return async (input: unknown, ctx: NodeContext<AgentRunState>): Promise<ModelOutcome> => {
    const entering = (input as Partial<Continue> | null)?.continueAgent !== agent.name;
    const state = ctx.state;
    const lane = state.lanes[scope.lane]!;
    const runPath = entering ? [...lane.runPath, agent.name] : [...lane.runPath];
    const iteration = entering ? 0 : state.agents[agent.name]!.iterations;
    const count = (state.agents[agent.name]?.count ?? 0) + (entering ? 1 : 0);
    const site: CallSite = { agent, scope, ctx, entering, count, runPath, limits, streaming, prices };
    if (agent.guardrails) site.guard = new GuardedTurn(site, streaming ? (c) => emitChunk(site, c) : undefined);
    if (iteration >= agent.maxIterations) {
      const message = `agent "${agent.name}" reached maxIterations (${agent.maxIterations}) without a final answer`;
      const details = { agent: agent.name, maxIterations: agent.maxIterations };
      return fail(site, new AgentError('MAX_ITERATIONS_EXCEEDED', message, { details }));
    }
    let messages: Message[];
    try {
      messages = modelInput(agent, state, visibleEvents(state, scope.lane), targets);
    } catch (err) {
      if (isGraphInterrupt(err)) interrupted(site, err);
      return fail(site, err);
    }
    let cacheBreakpoints: number[] | undefined;
    if (agent.context?.length) ({ messages, cacheBreakpoints } = await contextWindow(site, messages));
    if (agent.memory) messages = await memoryWindow(site, messages, cacheBreakpoints);
    const options: ModelCallOptions = { tools: tools(), signal: ctx.signal, ...(output ? { output: output.spec } : {}) };
    if (cacheBreakpoints) options.cacheBreakpoints = cacheBreakpoints;
    notifyModelInput(ctx, agent.name, messages);
    // The first call inline rather than through ask(): one promise fewer on every model step.
    let message: Message;
    try {
      message = counted(site, await callModel(site, messages, options));
    } catch (err) {
      return modelFailed(site, err);
    }
    message = checked(site, message, iteration);
    let value: unknown = textOf(message);
    if (output && !message.toolCalls?.length)
      ({ message, value } = await structuredAnswer(site, output, messages, message, (m) => ask(site, m, options, iteration)));
    const done = !message.toolCalls?.length;
    if (site.guard && done) ({ message, value } = await guardedAnswer(site, site.guard, message, value, output !== undefined));
    const transfer = message.toolCalls?.some((c) => c.name === TRANSFER_TOOL);
    // The event first: reading the state (recordEvents does) freezes what earlier writes copied, so enter() can then reuse the lane's copy.
    recordEvents(ctx, scope.lane, { agentName: agent.name, runPath, message, ...(transfer ? { transfer } : {}) });
    enter(site, iteration + 1);
    if (done && agent.outputKey) ctx.set(['session', agent.outputKey], value);
    emitAgentEvent(ctx, { type: 'message', agentName: agent.name, runPath, output: { message, role: 'assistant' } });
    return { kind: done ? 'answer' : 'tools', message };
  };
}

/**
 * The agent's context policies applied to the call's messages (after the
 * history's rewriting and genModelInput); a policy that fails fails the agent
 * (an interrupt passes through).
 */
async function contextWindow(site: CallSite, messages: Message[]): Promise<{ messages: Message[]; cacheBreakpoints?: number[] }> {
  try {
    return await applyContext(site.agent, site.ctx, { lane: site.scope.lane, runPath: site.runPath }, messages);
  } catch (err) {
    if (isGraphInterrupt(err)) interrupted(site, err);
    if (site.ctx.signal.aborted) throw err;
    return fail(site, err);
  }
}

/**
 * The call's messages with the agent's recalled memories. A recall that
 * fails (the bank is down, the embedder fails) fails the agent like a
 * failed model call: the run can be resumed from its last checkpoint.
 * Cache marks at or after the recalled block move with the messages they mark.
 */
async function memoryWindow(site: CallSite, messages: Message[], marks: number[] | undefined): Promise<Message[]> {
  try {
    const recalled = await recallMemory(site.agent, site.ctx, site.runPath, messages);
    if (marks && recalled.at >= 0) marks.forEach((m, i) => (marks[i] = m >= recalled.at ? m + 1 : m));
    return recalled.messages;
  } catch (err) {
    if (isGraphInterrupt(err)) interrupted(site, err);
    if (site.ctx.signal.aborted) throw err;
    return fail(site, err);
  }
}

/** One model call, its failure reported as the agent's (an interrupt passes through), its answer checked and normalised. */
async function ask(site: CallSite, messages: Message[], options: ModelCallOptions, iteration: number): Promise<Message> {
  let message: Message;
  try {
    message = counted(site, await callModel(site, messages, options));
  } catch (err) {
    return modelFailed(site, err);
  }
  return checked(site, message, iteration);
}

/** A model call threw: an interrupt passes through (saying where the agent is), a cancellation too; anything else fails the agent. */
function modelFailed(site: CallSite, err: unknown): never {
  if (isGraphInterrupt(err)) interrupted(site, err);
  if (site.ctx.signal.aborted) throw err;
  return fail(site, err, 'MODEL_FAILED');
}

/** The model's answer checked and normalised, or the agent fails with MODEL_OUTPUT_INVALID. */
function checked(site: CallSite, message: Message, iteration: number): Message {
  const problem = checkModelMessage(message, iteration);
  if (typeof problem === 'string')
    fail(site, new AgentError('MODEL_OUTPUT_INVALID', `agent "${site.agent.name}": the model returned ${problem}`));
  return problem;
}

/**
 * An answer for an agent with an outputSchema: parsed and validated; an
 * invalid one is shown to the model with the validation message, up to
 * `outputRetries` times, then the agent fails with OUTPUT_INVALID. The
 * invalid answers are events (each was a model call) but not history: what
 * later turns and other agents see is the accepted answer alone.
 */
async function structuredAnswer(
  site: CallSite,
  output: OutputRequest,
  messages: Message[],
  first: Message,
  again: (messages: Message[]) => Promise<Message>,
): Promise<{ message: Message; value: unknown }> {
  const { agent, ctx, runPath } = site;
  let message = first;
  for (let tries = 0; ; tries++) {
    const check = await output.prepared.check(textOf(message));
    if (check.ok) return { message, value: check.value };
    // Every rejected answer is an event, the last one too: what the model said is visible before the error.
    emitAgentEvent(ctx, { type: 'message', agentName: agent.name, runPath, output: { message, role: 'assistant' } });
    if (tries >= agent.outputRetries) {
      const text = `agent "${agent.name}": the answer does not match its outputSchema${tries ? ` after ${tries} correction${tries > 1 ? 's' : ''}` : ''}: ${check.message}`;
      return fail(site, new AgentError('OUTPUT_INVALID', text, { details: { agent: agent.name, corrections: tries } }));
    }
    messages = [...messages, message, userMessage(correction(check.message))];
    message = await again(messages);
    if (message.toolCalls?.length) return { message, value: textOf(message) };
  }
}

/** What the model is told about an invalid structured answer. */
function correction(problem: string): string {
  return `Your answer does not match the required output schema: ${problem}. Answer again with only the JSON value.`;
}

/** What an agent's model calls ask for (`output`), and the check of the answer. */
interface OutputRequest {
  spec: OutputSpec;
  prepared: PreparedOutput;
}

function outputRequest(agent: ChatModelSettings, schema: OutputSchema): OutputRequest {
  const prepared = checkOutputSchema(schema, `chatModelAgent "${agent.name}"`);
  // Providers name the output with letters, digits, "_" and "-" (OpenAI: at most 64); agent names may have spaces and dots.
  const name = agent.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return { prepared, spec: { name, ...(agent.description ? { description: agent.description } : {}), schema: prepared.json } };
}

/**
 * Entering the agent (its name joins the RunPath, a new activation) is written
 * together with the call's outcome: one state update per model call, through
 * path writes (ctx.set / ctx.append) rather than recipes.
 */
function enter({ agent, scope, ctx, entering, count }: CallSite, iterations: number): void {
  if (entering) ctx.append(['lanes', scope.lane, 'runPath'], agent.name);
  ctx.set(['agents', agent.name], { count, iterations });
}

/** The model step stopped at an interrupt: say where the agent is (its state changes are dropped with the step), and stop. */
function interrupted(site: CallSite, err: unknown): never {
  site.ctx.emit(interruptedAgents, { agentName: site.agent.name, runPath: site.runPath });
  throw err;
}

function fail(site: CallSite, err: unknown, code?: 'MODEL_FAILED'): never {
  return failAgent(site.ctx, site.agent.name, site.runPath, err, code);
}

/**
 * The model's messages: instruction (with the transfer block), earlier runs of
 * the thread, this run's input, then this run's events as this agent sees them.
 */
function modelInput(agent: ChatModelSettings, state: AgentRunState, events: RecordedEvent[], targets: readonly Agent[]): Message[] {
  const own = agent.instruction ? fillInstruction(agent.instruction, state.session, agent.name) : '';
  const instruction = targets.length ? [own, transferInstruction(targets)].filter(Boolean).join('\n\n') : own;
  // The run's input sits in the history at inputAt: earlier runs before it, this run's events after it.
  const after = state.inputAt + state.input.length;
  if (agent.historyRewriter || agent.genModelInput) {
    const rewrite = (list: RecordedEvent[]) =>
      agent.historyRewriter
        ? agent.historyRewriter(agent.name, list)
        : rewriteHistory(agent.name, list, { skipTransferMessages: agent.skipTransferMessages === true });
    const earlier = state.inputAt > 0 ? rewrite(events.slice(0, state.inputAt)) : [];
    const history = rewrite(events.slice(after));
    if (agent.genModelInput) return agent.genModelInput({ instruction, input: [...earlier, ...state.input], history });
    return [...(instruction ? [systemMessage(instruction)] : []), ...earlier, ...state.input, ...history];
  }
  // The common case, built in one array: this runs on every model call.
  const skip = agent.skipTransferMessages === true;
  const messages: Message[] = instruction ? [systemMessage(instruction)] : [];
  rewriteInto(messages, agent.name, events, 0, state.inputAt, skip);
  for (const m of state.input) messages.push(m);
  return rewriteInto(messages, agent.name, events, after, events.length, skip);
}

/** One model call within the agent's limits: streamed (each chunk an event) when the run streams, else generated. */
function callModel(site: CallSite, messages: Message[], options: ModelCallOptions): Promise<Message> {
  // Budgets: a run with a budget counts the call before it is made (any other run counts what the model reported: counted()).
  const { budget } = site.ctx;
  if (budget.limits !== undefined) {
    const charge = { budget, agent: site.agent.name, model: site.agent.model, prices: site.prices, messages };
    return chargedModelCall(charge, () => modelCall(site, messages, options));
  }
  return modelCall(site, messages, options);
}

/** A run without a budget counts the usage a model reported (see recordReportedUsage); one check when it reported none. */
function counted(site: CallSite, message: Message): Message {
  if (message.usage && site.ctx.budget.limits === undefined)
    recordReportedUsage(site.ctx.budget, site.agent.model, site.prices, message.usage);
  return message;
}

function modelCall(site: CallSite, messages: Message[], options: ModelCallOptions): Promise<Message> {
  const { agent, limits, streaming } = site;
  if (site.guard)
    return site.guard.call(messages, options, (m, o, onChunk) =>
      limitedModelCall({ agent: agent.name, model: agent.model, messages: m, options: o, limits, onChunk }),
    );
  const onChunk = streaming ? (stream: MessageChunk) => emitChunk(site, stream) : undefined;
  return limitedModelCall({ agent: agent.name, model: agent.model, messages, options, limits, onChunk });
}

function emitChunk({ agent, ctx, runPath }: CallSite, stream: MessageChunk): void {
  emitAgentEvent(ctx, { type: 'chunk', agentName: agent.name, runPath, output: { stream, role: 'assistant' } });
}

/** The final answer through the output guardrails; a trip fails the agent. */
async function guardedAnswer(
  site: CallSite,
  guard: GuardedTurn,
  message: Message,
  value: unknown,
  structured: boolean,
): Promise<{ message: Message; value: unknown }> {
  try {
    return await guard.answer(message, value, structured);
  } catch (err) {
    // A check's budget interrupt (a judge's model call) pauses the run, as the agent's own call's does.
    if (isGraphInterrupt(err)) interrupted(site, err);
    return fail(site, err);
  }
}
