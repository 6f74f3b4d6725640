import { isGraphInterrupt, type NodeContext } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import type { ChatModelAgent } from '../agents/chat-model-agent.ts';
import type { RecordedEvent } from '../history/recorded-event.ts';
import { TRANSFER_TOOL, transferInstruction } from './transfer-tool.ts';
import { AgentError } from '../errors.ts';
import { rewriteHistory, rewriteInto } from '../history/rewrite-history.ts';
import { systemMessage, type Message } from '@weft/chat-model';
import type { ModelCallOptions, ToolSpec } from '@weft/chat-model';
import { concatMessageChunks } from '@weft/chat-model';
import { fillInstruction } from '../session/fill-instruction.ts';
import { failAgent } from './agent-failure.ts';
import { recordEvents, visibleEvents, type AgentRunState } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';
import { emitAgentEvent, emitAgentInterrupted } from './emit-agent-event.ts';
import { checkModelMessage } from './check-model-message.ts';

/** What a model node passes on: the answer, or tool calls to run (a failure is thrown; see failAgent). */
export type ModelOutcome = { kind: 'answer' | 'tools'; message: Message };

/** Marks the input a model node gets from its own after-tools node (the ReAct loop continuing). */
export interface Continue {
  continueAgent: string;
}

/** Where a model call stands: entering the agent (a new activation) or continuing its ReAct loop. */
interface CallSite {
  agent: ChatModelAgent;
  scope: AgentScope;
  ctx: NodeContext<AgentRunState>;
  entering: boolean;
  count: number;
  runPath: string[];
}

/** The model node of a ChatModelAgent: one model call per run of the node. */
export function modelNode(agent: ChatModelAgent, scope: AgentScope, tools: readonly ToolSpec[], targets: readonly Agent[]) {
  return async (input: unknown, ctx: NodeContext<AgentRunState>): Promise<ModelOutcome> => {
    const entering = (input as Partial<Continue> | null)?.continueAgent !== agent.name;
    const state = ctx.state;
    const lane = state.lanes[scope.lane]!;
    const runPath = entering ? [...lane.runPath, agent.name] : [...lane.runPath];
    const iteration = entering ? 0 : state.agents[agent.name]!.iterations;
    const count = (state.agents[agent.name]?.count ?? 0) + (entering ? 1 : 0);
    const site: CallSite = { agent, scope, ctx, entering, count, runPath };
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
    let message: Message;
    try {
      message = await callModel(agent, messages, { tools, signal: ctx.signal }, ctx, runPath);
    } catch (err) {
      if (isGraphInterrupt(err)) interrupted(site, err);
      if (ctx.signal.aborted) throw err;
      return fail(site, err, 'MODEL_FAILED');
    }
    const problem = checkModelMessage(message, iteration);
    if (typeof problem === 'string') {
      return fail(site, new AgentError('MODEL_OUTPUT_INVALID', `agent "${agent.name}": the model returned ${problem}`));
    }
    message = problem;
    const done = !message.toolCalls?.length;
    const transfer = message.toolCalls?.some((c) => c.name === TRANSFER_TOOL);
    // The event first: reading the state (recordEvents does) freezes what earlier writes copied, so enter() can then reuse the lane's copy.
    recordEvents(ctx, scope.lane, { agentName: agent.name, runPath, message, ...(transfer ? { transfer } : {}) });
    enter(site, iteration + 1);
    if (done && agent.outputKey) ctx.set(['session', agent.outputKey], message.content);
    emitAgentEvent(ctx, { type: 'message', agentName: agent.name, runPath, output: { message, role: 'assistant' } });
    return { kind: done ? 'answer' : 'tools', message };
  };
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
  emitAgentInterrupted(site.ctx, { agentName: site.agent.name, runPath: site.runPath });
  throw err;
}

function fail(site: CallSite, err: unknown, code?: 'MODEL_FAILED'): never {
  return failAgent(site.ctx, site.agent.name, site.runPath, err, code);
}

/**
 * The model's messages: instruction (with the transfer block), earlier runs of
 * the thread, this run's input, then this run's events as this agent sees them.
 */
function modelInput(agent: ChatModelAgent, state: AgentRunState, events: RecordedEvent[], targets: readonly Agent[]): Message[] {
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

async function callModel(
  agent: ChatModelAgent,
  messages: Message[],
  options: ModelCallOptions,
  ctx: NodeContext<AgentRunState>,
  runPath: string[],
): Promise<Message> {
  if (!ctx.context['streaming']) return agent.model.generate(messages, options);
  const chunks = [];
  for await (const chunk of agent.model.stream(messages, options)) {
    chunks.push(chunk);
    emitAgentEvent(ctx, { type: 'chunk', agentName: agent.name, runPath, output: { stream: chunk, role: 'assistant' } });
  }
  return concatMessageChunks(chunks);
}
