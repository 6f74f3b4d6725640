import { isGraphInterrupt, type NodeContext } from '@weft/graph';
import type { Draft } from 'immer';
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
import { visibleEvents, type AgentRunState } from './agent-run-state.ts';
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
    if (entering) {
      ctx.update((d: Draft<AgentRunState>) => {
        d.lanes[scope.lane]!.runPath.push(agent.name);
        d.agents[agent.name] = { count: (d.agents[agent.name]?.count ?? 0) + 1, iterations: 0 };
      });
    }
    const state = ctx.state;
    const lane = state.lanes[scope.lane]!;
    const runPath = [...lane.runPath];
    if (state.agents[agent.name]!.iterations >= agent.maxIterations) {
      const err = new AgentError(
        'MAX_ITERATIONS_EXCEEDED',
        `agent "${agent.name}" reached maxIterations (${agent.maxIterations}) without a final answer`,
        {
          details: { agent: agent.name, maxIterations: agent.maxIterations },
        },
      );
      failAgent(ctx, agent.name, runPath, err);
      return { kind: 'stop' };
    }
    let messages: Message[];
    try {
      messages = modelInput(agent, state, visibleEvents(state, scope.lane), targets);
    } catch (err) {
      failAgent(ctx, agent.name, runPath, err);
      return { kind: 'stop' };
    }
    let message: Message;
    try {
      message = await callModel(agent, messages, { tools, signal: ctx.signal }, ctx, runPath);
    } catch (err) {
      if (isGraphInterrupt(err) || ctx.signal.aborted) throw err;
      failAgent(ctx, agent.name, runPath, err, 'MODEL_FAILED');
      return { kind: 'stop' };
    }
    const iteration = state.agents[agent.name]!.iterations;
    const problem = checkModelMessage(message, iteration);
    if (typeof problem === 'string') {
      failAgent(ctx, agent.name, runPath, new AgentError('MODEL_OUTPUT_INVALID', `agent "${agent.name}": the model returned ${problem}`));
      return { kind: 'stop' };
    }
    message = problem;
    const done = !message.toolCalls?.length;
    ctx.update((d: Draft<AgentRunState>) => {
      const transfer = message.toolCalls?.some((c) => c.name === TRANSFER_TOOL);
      d.lanes[scope.lane]!.events.push({ agentName: agent.name, runPath, message, ...(transfer ? { transfer } : {}) });
      d.agents[agent.name]!.iterations += 1;
      if (done && agent.outputKey) d.session[agent.outputKey] = message.content;
    });
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
  const earlier = state.inputAt > 0 ? rewrite(events.slice(0, state.inputAt)) : [];
  const history = rewrite(events.slice(state.inputAt));
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
