/**
 * LangGraph.js peers: StateGraph + Annotation state, invoked with `invoke()`.
 * Every node is a plain async function returning a partial state update, which
 * is the idiomatic (and cheapest) LangGraph node form.
 */
import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import type { Factory, FrameworkModule, Run } from '../harness/types.ts';
import {
  branch,
  check,
  checkCountState,
  fakeModel,
  fakeTool,
  fanOutTotal,
  inc,
  nodeName,
  sum,
  type ModelMsg,
  type ToolMsg,
} from '../harness/work.ts';
import { langgraphAgents } from './langgraph-agents.ts';
import { memorySaverThreadBytes } from './langgraph-storage.ts';

const ChainState = Annotation.Root({ value: Annotation<number>() });
type ChainS = typeof ChainState.State;

// LangGraph counts supersteps against recursionLimit (default 25); give every
// shape headroom so the limit never ends a run early.
const limitFor = (steps: number): number => steps + 10;

/** n0 -> n1 -> ... -> n{n-1}; nodes added as one record so names can be dynamic. */
function buildChain(n: number) {
  const names = Array.from({ length: n }, (_, i) => `n${i}`);
  const g = new StateGraph(ChainState).addNode(
    Object.fromEntries(names.map((name) => [name, async (s: ChainS) => ({ value: await inc(s.value) })])),
  );
  g.addEdge(START, names[0] ?? 'n0');
  for (let i = 1; i < n; i++) g.addEdge(names[i - 1] ?? '', names[i] ?? '');
  g.addEdge(names[n - 1] ?? 'n0', END);
  return g;
}

const chain: Factory = async (n) => {
  const app = buildChain(n).compile();
  return async () => {
    const out = await app.invoke({ value: 0 }, { recursionLimit: limitFor(n) });
    check('langgraph chain', out.value, n);
  };
};

const chainCheckpoint: Factory = async (n) => {
  const saver = new MemorySaver();
  const app = buildChain(n).compile({ checkpointer: saver });
  // A fresh thread per run: reusing one thread would make MemorySaver's
  // "latest checkpoint" lookup (a sort over all of the thread's checkpoints)
  // grow with every sample and skew later samples.
  let runs = 0;
  let threadId = '';
  const run: Run = async () => {
    threadId = `t${++runs}`;
    const out = await app.invoke({ value: 0 }, { recursionLimit: limitFor(n), configurable: { thread_id: threadId } });
    check('langgraph chain-checkpoint', out.value, n);
  };
  run.reset = () => (threadId ? saver.deleteThread(threadId) : undefined);
  run.storedBytes = () => memorySaverThreadBytes(saver, threadId);
  return run;
};

const CountState = Annotation.Root({ count: Annotation<number>(), last: Annotation<string>() });
type CountS = typeof CountState.State;

// Each node returns the partial state it changes; the channels have no reducer, so the value replaces the old one.
const chainState: Factory = async (n) => {
  const names = Array.from({ length: n }, (_, i) => nodeName(i));
  const g = new StateGraph(CountState).addNode(
    Object.fromEntries(names.map((name) => [name, async (s: CountS) => ({ count: s.count + 1, last: name })])),
  );
  g.addEdge(START, names[0] ?? '');
  for (let i = 1; i < n; i++) g.addEdge(names[i - 1] ?? '', names[i] ?? '');
  g.addEdge(names[n - 1] ?? '', END);
  const app = g.compile();
  return async () => {
    const out = await app.invoke({ count: 0, last: '' }, { recursionLimit: limitFor(n) });
    checkCountState('langgraph', out, n);
  };
};

const FanState = Annotation.Root({
  value: Annotation<number>(),
  // Parallel branches write in the same superstep, so this channel needs a reducer.
  parts: Annotation<number[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  total: Annotation<number>(),
});
type FanS = typeof FanState.State;

const fanOut: Factory = async (width) => {
  const branches = Array.from({ length: width }, (_, i) => `p${i}`);
  const g = new StateGraph(FanState)
    .addNode('start', async () => ({ value: await inc(-1) }))
    .addNode('join', async (s: FanS) => ({ total: await sum(s.parts) }))
    .addNode(Object.fromEntries(branches.map((name, i) => [name, async (s: FanS) => ({ parts: [await branch(s.value, i)] })])));
  g.addEdge(START, 'start');
  for (const name of branches) g.addEdge('start', name);
  // A waiting edge: 'join' runs once, after every branch has written.
  g.addEdge(branches, 'join');
  g.addEdge('join', END);
  const app = g.compile();
  return async () => {
    const out = await app.invoke({}, { recursionLimit: limitFor(width + 2) });
    check('langgraph fan-out', out.total, fanOutTotal(width));
  };
};

// Channel names must differ from node names in LangGraph, hence reply/toolResult.
const LoopState = Annotation.Root({
  reply: Annotation<ModelMsg | undefined>(),
  toolResult: Annotation<ToolMsg | undefined>(),
});
type LoopS = typeof LoopState.State;

const agentLoop: Factory = async (turns) => {
  const model = fakeModel(turns);
  const g = new StateGraph(LoopState)
    .addNode('model', async (s: LoopS) => ({ reply: await model(s.toolResult ?? { turn: 0 }) }))
    .addNode('tools', async (s: LoopS) => ({ toolResult: s.reply ? await fakeTool(s.reply) : undefined }));
  g.addEdge(START, 'model');
  g.addConditionalEdges('model', (s: LoopS) => (s.reply?.toolCall ? 'tools' : END), ['tools', END]);
  g.addEdge('tools', 'model');
  const app = g.compile();
  return async () => {
    const out = await app.invoke({}, { recursionLimit: limitFor(2 * turns) });
    check('langgraph agent-loop turns', out.reply?.turn, turns);
  };
};

export const langgraph = {
  chain,
  'chain-checkpoint': chainCheckpoint,
  'chain-state': chainState,
  'fan-out': fanOut,
  'agent-loop': agentLoop,
  ...langgraphAgents,
} satisfies FrameworkModule;
