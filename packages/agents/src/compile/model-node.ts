import { isGraphInterrupt, type NodeContext } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import type { ChatModelAgent } from '../agents/chat-model-agent.ts';
import type { RecordedEvent } from '../history/recorded-event.ts';
import { TRANSFER_TOOL, transferInstruction } from './transfer-tool.ts';
import { AgentError } from '../errors.ts';
import { rewriteHistory } from '../history/rewrite-history.ts';
import { systemMessage, type Message } from '../messages/message.ts';
import type { ModelCallOptions, ToolSpec } from '../model/chat-model.ts';
import { concatMessageChunks } from '../model/concat-message-chunks.ts';
import { fillInstruction } from '../session/fill-instruction.ts';
import { failAgent } from './agent-failure.ts';
import { recordEvents, visibleEvents, type AgentRunState } from './agent-run-state.ts';
import type { AgentScope } from './agent-scope.ts';
import { emitAgentEvent } from './emit-agent-event.ts';
import { checkModelMessage } from './check-model-message.ts';

/** What a model node passes on: the answer, or tool calls to run, or a stop (error). */
export type ModelOutcome = { kind: 'answer' | 'tools'; message: Message } | { kind: 'stop' };

/** Marks the input a model node gets from its own after-tools node (the ReAct loop continuing). */
export interface Continue {
  continueAgent: string;
}

/** The model node of a ChatModelAgent: one model call per run of the node. */
export function modelNode(agent: ChatModelAgent, scope: AgentScope, tools: readonly ToolSpec[], targets: readonly Agent[]) {
  return async (input: unknown, ctx: NodeContext<AgentRunState>): Promise<ModelOutcome> => {
    const entering = (input as Partial<Continue> | null)?.continueAgent !== agent.name;
    const state = ctx.state;
    const lane = state.lanes[scope.lane]!;
    // Entering the agent (its name joins the RunPath, a new activation) is written together with the
    // call's outcome: one state update per model call.
    const runPath = entering ? [...lane.runPath, agent.name] : [...lane.runPath];
    const iteration = entering ? 0 : state.agents[agent.name]!.iterations;
    const count = (state.agents[agent.name]?.count ?? 0) + (entering ? 1 : 0);
    // Path writes (ctx.set / ctx.append) instead of recipes: this runs on every model call.
    const enter = (iterations: number) => {
      if (entering) ctx.append(['lanes', scope.lane, 'runPath'], agent.name);
      ctx.set(['agents', agent.name], { count, iterations });
    };
    const fail = (err: unknown, code?: 'MODEL_FAILED'): ModelOutcome => {
      if (entering) enter(0);
      failAgent(ctx, agent.name, runPath, err, code);
      return { kind: 'stop' };
    };
    if (iteration >= agent.maxIterations) {
      const message = `agent "${agent.name}" reached maxIterations (${agent.maxIterations}) without a final answer`;
      return fail(
        new AgentError('MAX_ITERATIONS_EXCEEDED', message, { details: { agent: agent.name, maxIterations: agent.maxIterations } }),
      );
    }
    let messages: Message[];
    try {
      const seen = visibleEvents(state, scope.lane);
      messages = modelInput(agent, state, seen, targets);
    } catch (err) {
      return fail(err);
    }
    let message: Message;
    try {
      message = await callModel(agent, messages, { tools, signal: ctx.signal }, ctx, runPath);
    } catch (err) {
      if (isGraphInterrupt(err) || ctx.signal.aborted) throw err;
      return fail(err, 'MODEL_FAILED');
    }
    const problem = checkModelMessage(message, iteration);
    if (typeof problem === 'string') {
      return fail(new AgentError('MODEL_OUTPUT_INVALID', `agent "${agent.name}": the model returned ${problem}`));
    }
    message = problem;
    const done = !message.toolCalls?.length;
    const transfer = message.toolCalls?.some((c) => c.name === TRANSFER_TOOL);
    enter(iteration + 1);
    recordEvents(ctx, scope.lane, { agentName: agent.name, runPath, message, ...(transfer ? { transfer } : {}) });
    if (done && agent.outputKey) ctx.set(['session', agent.outputKey], message.content);
    emitAgentEvent(ctx, { agentName: agent.name, runPath, output: { message, role: 'assistant' } });
    return { kind: done ? 'answer' : 'tools', message };
  };
}

/**
 * The model's messages: instruction (with the transfer block), earlier runs of
 * the thread, this run's input, then this run's events as this agent sees them.
 */
function modelInput(agent: ChatModelAgent, state: AgentRunState, events: RecordedEvent[], targets: readonly Agent[]): Message[] {
  const own = agent.instruction ? fillInstruction(agent.instruction, state.session, agent.name) : '';
  const instruction = targets.length ? [own, transferInstruction(targets)].filter(Boolean).join('\n\n') : own;
  const rewrite = (list: RecordedEvent[]) =>
    agent.historyRewriter
      ? agent.historyRewriter(agent.name, list)
      : rewriteHistory(agent.name, list, { skipTransferMessages: agent.skipTransferMessages === true });
  // The run's input sits in the history at inputAt: earlier runs before it, this run's events after it.
  const earlier = state.inputAt > 0 ? rewrite(events.slice(0, state.inputAt)) : [];
  const history = rewrite(events.slice(state.inputAt + state.input.length));
  if (agent.genModelInput) return agent.genModelInput({ instruction, input: [...earlier, ...state.input], history });
  return [...(instruction ? [systemMessage(instruction)] : []), ...earlier, ...state.input, ...history];
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
    emitAgentEvent(ctx, { agentName: agent.name, runPath, output: { stream: chunk, role: 'assistant' } });
  }
  return concatMessageChunks(chunks);
}
