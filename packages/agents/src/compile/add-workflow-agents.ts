import type { NodeContext } from '@weft/graph';
import type { Agent } from '../agents/agent.ts';
import type { LoopAgent, ParallelAgent, SequentialAgent, WorkflowAgent } from '../agents/workflow-agents.ts';
import { laneEvents, recordEvents, visibleEvents, type AgentRunState } from './agent-run-state.ts';
import { ENTER, type AgentScope, type Target } from './agent-scope.ts';
import type { AgentCompiler } from './agent-compiler.ts';

/** A child's scope: same lane and ends unless given, one level deeper. */
const childScope = (scope: AgentScope, child: Agent, over: Partial<AgentScope>): AgentScope => ({
  ...scope,
  address: [...scope.address, `agent:${child.name}`],
  agentPath: [...scope.agentPath, child.name],
  ...over,
});

/** Entering a workflow agent: its name joins the lane's RunPath. */
function enterNode(agent: WorkflowAgent, scope: AgentScope, extra?: (ctx: NodeContext<AgentRunState>) => void) {
  return (_input: unknown, ctx: NodeContext<AgentRunState>) => {
    ctx.append(['lanes', scope.lane, 'runPath'], agent.name);
    extra?.(ctx);
    return ENTER;
  };
}

const annotations = (agent: WorkflowAgent, scope: AgentScope) => ({
  agent: agent.name,
  agentPath: scope.agentPath,
  description: agent.description,
  children: agent.subAgents.map((c) => c.name),
});

/** Sequential: the entry node, then each child continues at the next one; the last continues at the sequential's `next`. */
export function addSequentialAgent(c: AgentCompiler, agent: SequentialAgent, scope: AgentScope): string {
  c.builder.addNode(agent.name, enterNode(agent, scope), {
    kind: 'sequential',
    address: scope.address.join('/'),
    annotations: annotations(agent, scope),
  });
  const kids = agent.subAgents;
  kids.forEach((child, i) => c.addAgent(child, childScope(scope, child, { next: i + 1 < kids.length ? kids[i + 1]!.name : scope.next })));
  c.builder.addEdge(agent.name, kids[0]!.name);
  return agent.name;
}

/**
 * Loop: children continue at `L:next`, which moves to the next child, counts
 * iterations, and leaves after `maxIterations` (0: never) or a breakLoop.
 */
export function addLoopAgent(c: AgentCompiler, agent: LoopAgent, scope: AgentScope): string {
  const step = `${agent.name}:next`;
  const kids = agent.subAgents;
  const reset = (ctx: NodeContext<AgentRunState>) => ctx.set(['workflows', agent.name], { count: 0, index: 0, broken: false });
  c.builder.addNode(agent.name, enterNode(agent, scope, reset), {
    kind: 'loop',
    address: scope.address.join('/'),
    annotations: { ...annotations(agent, scope), maxIterations: agent.maxIterations },
  });
  kids.forEach((child) => c.addAgent(child, childScope(scope, child, { next: step, loop: agent.name })));
  c.builder.addEdge(agent.name, kids[0]!.name);
  c.builder.addNode(
    step,
    (_input: unknown, ctx: NodeContext<AgentRunState>) => {
      const w = ctx.state.workflows[agent.name]!;
      const wrapped = w.index + 1 === kids.length;
      const index = wrapped ? 0 : w.index + 1;
      const count = wrapped ? w.count + 1 : w.count;
      ctx.set(['workflows', agent.name], { ...w, index, count });
      const done = w.broken || (agent.maxIterations > 0 && count >= agent.maxIterations);
      return done ? scope.next : kids[index]!.name;
    },
    { kind: 'router', address: `${scope.address.join('/')}/next`, annotations: { agent: agent.name, agentPath: scope.agentPath } },
  );
  c.builder.addBranch(step, (target: Target) => target, unique([...kids.map((k) => k.name), scope.next]));
  return agent.name;
}

/**
 * Parallel: the entry forks a lane per child and starts them all; each child
 * ends at `P:join`, which counts them and, after the last, appends every
 * child's events to the parent lane in child order.
 */
export function addParallelAgent(c: AgentCompiler, agent: ParallelAgent, scope: AgentScope): string {
  const join = `${agent.name}:join`;
  const kids = agent.subAgents;
  const laneOf = (child: Agent) => `${agent.name}/${child.name}`;
  // Path writes, not recipes: a wide parallel forks many lanes (and removes them at the join).
  const fork = (ctx: NodeContext<AgentRunState>) => {
    const base = visibleEvents(ctx.state, scope.lane).length;
    const runPath = [...ctx.state.lanes[scope.lane]!.runPath];
    for (const child of kids) ctx.set(['lanes', laneOf(child)], { events: [], runPath: [...runPath], parent: scope.lane, base });
    ctx.set(['workflows', agent.name], { count: 0, index: 0, broken: false });
  };
  c.builder.addNode(agent.name, enterNode(agent, scope, fork), {
    kind: 'parallel',
    address: scope.address.join('/'),
    annotations: annotations(agent, scope),
  });
  c.builder.addBranch(
    agent.name,
    () => kids.map((k) => k.name),
    kids.map((k) => k.name),
  );
  for (const child of kids)
    c.addAgent(child, childScope(scope, child, { lane: laneOf(child), next: join, stop: join, parallel: agent.name }));
  c.builder.addNode(
    join,
    (input: Arrivals | unknown, ctx: NodeContext<AgentRunState>) => {
      const count = ctx.state.workflows[agent.name]!.count + arrivals(input);
      ctx.set(['workflows', agent.name, 'count'], count);
      const done = count >= kids.length;
      if (done) {
        const lanes = ctx.state.lanes;
        recordEvents(ctx, scope.lane, ...kids.flatMap((child) => laneEvents(lanes[laneOf(child)]!)));
        // Their events live on in the parent lane: the children's lanes go (one small `remove` patch each).
        for (const child of kids) ctx.remove(['lanes', laneOf(child)]);
      }
      return { done };
    },
    {
      kind: 'join',
      address: `${scope.address.join('/')}/join`,
      annotations: { agent: agent.name, agentPath: scope.agentPath },
      // Children ending in the same step arrive together: count them.
      merge: (a: unknown, b: unknown): Arrivals => ({ arrivals: arrivals(a) + arrivals(b) }),
    },
  );
  c.builder.addBranch(join, (out: { done: boolean }) => (!out.done ? [] : scope.next), [scope.next]);
  return agent.name;
}

interface Arrivals {
  arrivals: number;
}
const arrivals = (x: unknown): number =>
  x !== null && typeof x === 'object' && typeof (x as Arrivals).arrivals === 'number' ? (x as Arrivals).arrivals : 1;

function unique(targets: Target[]): Target[] {
  return [...new Set(targets)];
}
