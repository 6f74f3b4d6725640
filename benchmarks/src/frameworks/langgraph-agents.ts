/**
 * LangGraph.js agent scenarios. react-loop is the prebuilt ReAct agent
 * (`createReactAgent`, agent <-> ToolNode). LangGraph has no workflow agents,
 * so sequential / parallel / transfer are StateGraphs over MessagesAnnotation
 * whose nodes are agents that call the fake model with the whole messages
 * channel (sequential-history's models check it); a transfer is a model tool
 * call answered by a node returning `Command({ goto, update })` (a handoff).
 */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { Command, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';
import {
  TOOL_DESCRIPTION,
  TOOL_NAME,
  ToolCounter,
  USER_INPUT,
  agentAnswer,
  agentName,
  checkAnswers,
  checkHistory,
  checkReact,
  checkTransfer,
  historyAnswer,
  reactDecision,
} from '../harness/agent-work.ts';
import type { AgentModule } from '../harness/types.ts';
import { FakeToolCallingModel, callModel, textModel } from './langgraph-fake-model.ts';

type S = typeof MessagesAnnotation.State;
const input = () => ({ messages: [new HumanMessage(USER_INPUT)] });
const aiTexts = (messages: readonly BaseMessage[]) =>
  messages.filter((m) => AIMessage.isInstance(m) && !m.tool_calls?.length).map((m) => m.text);
const names = (n: number) => Array.from({ length: n }, (_, i) => agentName(i));
// Agent nodes differ only by name: added as one record because names are dynamic.
const agentNodes = (n: number, modelOf: (i: number) => FakeToolCallingModel = (i) => textModel(agentAnswer(i))) =>
  Object.fromEntries(
    names(n).map((name, i) => {
      const model = modelOf(i);
      return [name, async (s: S) => ({ messages: [await model.invoke(s.messages)] })];
    }),
  );

/** START -> agent_0 -> ... -> agent_{n-1} -> END over the shared messages channel. */
function sequentialApp(n: number, modelOf?: (i: number) => FakeToolCallingModel) {
  const g = new StateGraph(MessagesAnnotation).addNode(agentNodes(n, modelOf));
  const order = names(n);
  g.addEdge(START, order[0] ?? '');
  for (let i = 1; i < n; i++) g.addEdge(order[i - 1] ?? '', order[i] ?? '');
  g.addEdge(order[n - 1] ?? '', END);
  return g.compile();
}

/** sequential-history's agent i: checks the whole messages channel it is sent, then answers. */
const historyModel = (i: number) =>
  new FakeToolCallingModel((messages) => {
    const texts = messages.map((m) => m.text);
    checkHistory('langgraph', i, texts);
    return new AIMessage(historyAnswer(i));
  });

export const langgraphAgents: AgentModule = {
  'react-loop': async (turns) => {
    const counter = new ToolCounter();
    const noop = tool(async ({ turn }: { turn: number }) => counter.run(turn), {
      name: TOOL_NAME,
      description: TOOL_DESCRIPTION,
      schema: z.object({ turn: z.number() }),
    });
    const llm = new FakeToolCallingModel((messages) => {
      const d = reactDecision(messages.filter((m) => ToolMessage.isInstance(m)).length, turns);
      if ('answer' in d) return new AIMessage(d.answer);
      return new AIMessage({ content: '', tool_calls: [{ name: TOOL_NAME, args: { turn: d.call }, id: `c${d.call}`, type: 'tool_call' }] });
    });
    const app = createReactAgent({ llm, tools: [noop] });
    return async () => {
      counter.count = 0;
      const out = await app.invoke(input(), { recursionLimit: 2 * turns + 10 });
      checkReact('langgraph', out.messages.at(-1)?.text, counter.count, turns);
    };
  },
  'sequential-agents': async (n) => {
    const app = sequentialApp(n);
    return async () => {
      const out = await app.invoke(input(), { recursionLimit: n + 10 });
      checkAnswers('langgraph sequential-agents', aiTexts(out.messages), n, true);
    };
  },
  'sequential-history': async (n) => {
    const app = sequentialApp(n, historyModel);
    return async () => {
      const out = await app.invoke(input(), { recursionLimit: n + 10 });
      checkAnswers('langgraph sequential-history', aiTexts(out.messages), n, true, historyAnswer);
    };
  },
  'parallel-agents': async (n) => {
    const g = new StateGraph(MessagesAnnotation).addNode(agentNodes(n));
    for (const name of names(n)) g.addEdge(START, name).addEdge(name, END);
    const app = g.compile();
    return async () => {
      const out = await app.invoke(input());
      checkAnswers('langgraph parallel-agents', aiTexts(out.messages), n, false);
    };
  },
  'transfer-chain': async (n) => {
    const order = names(n);
    // Every agent but the last asks for transfer_to_agent(next); the node turns
    // that tool call into a handoff: a tool result, then Command goto the target.
    const models = order.map((name, i) =>
      i < n - 1 ? callModel('transfer_to_agent', { agent_name: order[i + 1] }, `t${i}`) : textModel(agentAnswer(i)),
    );
    const node = (i: number) => async (s: S) => {
      const ai = await (models[i] as FakeToolCallingModel).invoke(s.messages);
      const call = ai.tool_calls?.[0];
      if (!call) return { messages: [ai] };
      const done = new ToolMessage({
        content: `transferred to ${String(call.args['agent_name'])}`,
        tool_call_id: call.id ?? '',
        name: call.name,
      });
      return new Command({ goto: String(call.args['agent_name']), update: { messages: [ai, done] } });
    };
    // `ends` declares where a node's Command may go, so the graph can be checked and drawn.
    const g = new StateGraph(MessagesAnnotation).addNode(
      order.map((name, i): [string, ReturnType<typeof node>, { ends: string[] }] => [name, node(i), { ends: order.slice(i + 1, i + 2) }]),
    );
    g.addEdge(START, order[0] ?? '').addEdge(order[n - 1] ?? '', END);
    const app = g.compile();
    return async () => {
      const out = await app.invoke(input(), { recursionLimit: n + 10 });
      const transfers = out.messages.filter((m) => ToolMessage.isInstance(m)).length;
      checkTransfer('langgraph', out.messages.at(-1)?.text, transfers, n);
    };
  },
};
