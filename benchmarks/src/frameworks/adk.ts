/**
 * Google ADK peers, built with ADK 2.x's graph API: a `Workflow` whose edges
 * wire `FunctionNode`s (the cheapest node type: a plain function, no agent or
 * model machinery). Node outputs flow along edges as the next node's input,
 * which matches the other frameworks' dataflow. Runs go through InMemoryRunner.
 */
import { FunctionNode, JoinNode, Workflow, createEvent } from '@google/adk';
import type { Event, NodeContext } from '@google/adk';
import type { Factory, FrameworkModule } from '../harness/types.ts';
import { branch, check, checkCountState, fakeModel, fakeTool, fanOutTotal, inc, nodeName, sum, type ModelMsg } from '../harness/work.ts';
import { finalState, lastOutput, sessionRun } from './adk-session.ts';
import { adkWorkflowAgents } from './adk-workflow-agents.ts';

// The workflow's first input is the user message text ("0"); Number() turns
// it into the seed and is a no-op for every later node.
const incNode = (name: string) => new FunctionNode(name, (_ctx: NodeContext, x: unknown) => inc(Number(x)));

function chainWorkflow(n: number): Workflow {
  const nodes = Array.from({ length: n }, (_, i) => incNode(`n${i}`));
  // One chain edge item: ['START', n0, n1, ...] wires consecutive pairs.
  return new Workflow({ name: 'chain', edges: [['START', ...nodes]] });
}

const chain: Factory = async (n) => sessionRun(chainWorkflow(n), { verify: (ev) => check('adk chain', lastOutput(ev), n) });

// ADK has no separate checkpointer switch: the runner appends every node event
// to the session either way. This variant turns on resumability and keeps the
// session until the next sample so its stored size can be read back.
const chainCheckpoint: Factory = async (n) =>
  sessionRun(chainWorkflow(n), {
    resumable: true,
    reportBytes: true,
    verify: (ev) => check('adk chain-checkpoint', lastOutput(ev), n),
  });

/**
 * chain-state: each FunctionNode writes session state through `ctx.state`
 * (delta-aware: the writes ride on the event the node emits) and outputs
 * nothing, so the next node starts on the completion alone.
 */
const chainState: Factory = async (n) => {
  const nodes = Array.from({ length: n }, (_, i) => {
    const name = nodeName(i);
    return new FunctionNode(name, (ctx: NodeContext) => {
      ctx.state.set('count', (ctx.state.get<number>('count') ?? 0) + 1);
      ctx.state.set('last', name);
    });
  });
  const wf = new Workflow({ name: 'chain_state', edges: [['START', ...nodes]] });
  return sessionRun(wf, {
    verify: (ev) => checkCountState('adk', { count: finalState(ev, 'count'), last: finalState(ev, 'last') }, n),
  });
};

/**
 * JoinNode is ADK's fan-in barrier: the engine holds it until every
 * predecessor completed, then passes {predecessor: output}. The stock node just
 * forwards that map; overriding runImpl lets the join do the same work (a sum)
 * as the other frameworks' join without adding a step.
 */
class SumJoin extends JoinNode {
  protected override async *runImpl(_ctx: NodeContext, input: unknown): AsyncGenerator<Event, void, void> {
    yield createEvent({ output: await sum(Object.values(input as Record<string, number>)) });
  }
}

const fanOut: Factory = async (width) => {
  const start = new FunctionNode('start', () => inc(-1));
  const branches = Array.from(
    { length: width },
    (_, i) => new FunctionNode(`p${i}`, (_ctx: NodeContext, x: unknown) => branch(Number(x), i)),
  );
  const join = new SumJoin({ name: 'join' });
  const wf = new Workflow({ name: 'fan_out', edges: [['START', start, branches, join]] });
  return sessionRun(wf, { verify: (ev) => check('adk fan-out', lastOutput(ev), fanOutTotal(width)) });
};

const agentLoop: Factory = async (turns) => {
  const model = fakeModel(turns);
  // A node picks its outgoing edge by emitting a route; no route => no edge
  // fires and the workflow ends, which is ADK's END.
  const modelNode = new FunctionNode('model', async (_ctx: NodeContext, x: unknown) => {
    const msg = await model(typeof x === 'object' && x !== null ? (x as { turn: number }) : { turn: 0 });
    return msg.toolCall ? createEvent({ output: msg, route: 'tool' }) : msg;
  });
  const toolsNode = new FunctionNode('tools', (_ctx: NodeContext, x: unknown) => fakeTool(x as ModelMsg));
  const wf = new Workflow({
    name: 'agent_loop',
    edges: [
      ['START', modelNode],
      [modelNode, { tool: toolsNode }],
      [toolsNode, modelNode],
    ],
  });
  return sessionRun(wf, {
    verify: (ev) => check('adk agent-loop turns', (lastOutput(ev) as ModelMsg | undefined)?.turn, turns),
  });
};

export const adk = {
  chain,
  'chain-checkpoint': chainCheckpoint,
  'chain-state': chainState,
  'fan-out': fanOut,
  'agent-loop': agentLoop,
  ...adkWorkflowAgents,
} satisfies FrameworkModule;
