/**
 * LangGraph.js stateful shapes, all with a MemorySaver checkpointer.
 * interrupt-resume: StateGraph START -> ask -> END, `ask` calls interrupt();
 * resumed with `new Command({ resume })` on the same thread_id.
 * interrupt-resume-state: START -> a -> ask -> c -> END over a `log` channel
 * with a concat reducer; `ask` appends after interrupt() returns.
 * growing-history: StateGraph(MessagesAnnotation) with one node sending the
 * full history to the fake chat model, invoked turn after turn on one thread.
 */
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { Annotation, Command, END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from '@langchain/langgraph';
import { APPROVAL, QUESTION, checkStateLog, conversationRun, turnAnswer, turnInput } from '../harness/stateful-work.ts';
import type { Factory, Run } from '../harness/types.ts';
import { check } from '../harness/work.ts';
import { FakeToolCallingModel } from './langgraph-fake-model.ts';

let threadSeq = 0;
const freshThread = (): string => `t${++threadSeq}`;
const config = (thread_id: string) => ({ configurable: { thread_id } });

export const interruptResume: Factory = async (cycles) => {
  const State = Annotation.Root({ answer: Annotation<string> });
  const saver = new MemorySaver();
  const app = new StateGraph(State)
    .addNode('ask', () => ({ answer: interrupt<string, string>(QUESTION) }))
    .addEdge(START, 'ask')
    .addEdge('ask', END)
    .compile({ checkpointer: saver });
  let threads: string[] = [];
  const run: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      const threadId = freshThread();
      threads.push(threadId);
      const paused = await app.invoke({ answer: '' }, config(threadId));
      const pending = (paused as { __interrupt__?: { value: unknown }[] }).__interrupt__;
      check('langgraph interrupts', pending?.length, 1);
      check('langgraph interrupt value', pending?.[0]?.value, QUESTION);
      const done = await app.invoke(new Command({ resume: APPROVAL }), config(threadId));
      check('langgraph resume output', done.answer, APPROVAL);
    }
  };
  run.reset = async () => {
    for (const t of threads) await saver.deleteThread(t);
    threads = [];
  };
  return run;
};

export const interruptResumeState: Factory = async (cycles) => {
  // A concat reducer: each node returns the items it appends.
  const State = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const saver = new MemorySaver();
  const app = new StateGraph(State)
    .addNode('a', () => ({ log: ['a'] }))
    // interrupt() runs the node again on resume, so the node appends only
    // after it returns: once, with the resume value.
    .addNode('ask', () => {
      const answer = interrupt<string, string>(QUESTION);
      return { log: ['ask', answer] };
    })
    .addNode('c', () => ({ log: ['c'] }))
    .addEdge(START, 'a')
    .addEdge('a', 'ask')
    .addEdge('ask', 'c')
    .addEdge('c', END)
    .compile({ checkpointer: saver });
  let threads: string[] = [];
  const run: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      const threadId = freshThread();
      threads.push(threadId);
      const paused = await app.invoke({ log: [] }, config(threadId));
      const pending = (paused as { __interrupt__?: { value: unknown }[] }).__interrupt__;
      check('langgraph interrupts', pending?.length, 1);
      check('langgraph interrupt value', pending?.[0]?.value, QUESTION);
      const done = await app.invoke(new Command({ resume: APPROVAL }), config(threadId));
      checkStateLog('langgraph', done.log);
    }
  };
  run.reset = async () => {
    for (const t of threads) await saver.deleteThread(t);
    threads = [];
  };
  return run;
};

export const growingHistory: Factory = async (turns) => {
  let seen = 0;
  const model = new FakeToolCallingModel((messages) => {
    seen = messages.length;
    return new AIMessage(turnAnswer(messages.filter((m) => HumanMessage.isInstance(m)).length));
  });
  const saver = new MemorySaver();
  const app = new StateGraph(MessagesAnnotation)
    .addNode('chat', async (s: typeof MessagesAnnotation.State) => ({ messages: [await model.invoke(s.messages)] }))
    .addEdge(START, 'chat')
    .addEdge('chat', END)
    .compile({ checkpointer: saver });
  return conversationRun('langgraph', turns, {
    begin: freshThread,
    turn: async (threadId, k) => {
      const out = await app.invoke({ messages: [new HumanMessage(turnInput(k))] }, config(threadId));
      check('langgraph history length', out.messages.length, 2 * k);
      return { answer: out.messages.at(-1)?.text, seen };
    },
    end: (threadId) => saver.deleteThread(threadId),
  });
};
