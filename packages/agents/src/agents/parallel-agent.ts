import type { NodeContext } from '@weft/graph';
import type { Agent, AgentCompiler, AgentScope } from './agent.ts';
import type { OutputOf, TypedOutput } from './agent-output.ts';
import { defineAgent } from './define-agent.ts';
import { checkWorkflow, type WorkflowConfig } from './workflow-config.ts';
import { laneEvents, recordEvents, visibleEvents, type AgentRunState } from '../compile/agent-run-state.ts';
import { childScope } from '../compile/child-scope.ts';
import { workflowAnnotations, workflowEntry } from '../compile/workflow-entry.ts';

/** Runs its children concurrently; ends when all have ended. Children do not see each other's events. */
export interface ParallelAgent<O = unknown> extends Readonly<WorkflowConfig>, Agent<O>, TypedOutput<O> {
  readonly kind: 'parallel';
  readonly subAgents: readonly Agent[];
  /** Its children's interrupts are reported together, in one event of its own. */
  readonly groupsInterrupts: true;
}

/**
 * Runs `subAgents` side by side; it ends when every one has ended.
 *
 * @example
 * const reviews = parallel({ name: 'reviews', description: 'two reviews at once', subAgents: [legal, finance] });
 */
export function parallel<const Subs extends readonly Agent[]>(config: WorkflowConfig<Subs>): ParallelAgent<OutputOf<Subs[number]>> {
  checkWorkflow('parallel', config);
  return defineAgent({
    ...config,
    subAgents: Object.freeze([...config.subAgents]),
    kind: 'parallel' as const,
    groupsInterrupts: true as const,
    compile(this: ParallelAgent, c: AgentCompiler, scope: AgentScope): string {
      return compileParallel(c, this, scope);
    },
  });
}

/**
 * The entry forks a lane per child and starts them all; each child ends at
 * `P:join`, which counts them and, after the last, appends every child's
 * events to the parent lane in child order.
 */
function compileParallel(c: AgentCompiler, agent: ParallelAgent, scope: AgentScope): string {
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
  c.builder.addNode(agent.name, workflowEntry(agent.name, scope, fork), {
    kind: 'parallel',
    address: scope.address.join('/'),
    annotations: workflowAnnotations(agent, scope),
  });
  c.builder.addBranch(
    agent.name,
    () => kids.map((k) => k.name),
    kids.map((k) => k.name),
  );
  for (const child of kids)
    c.addAgent(child, childScope(scope, child, { lane: laneOf(child), next: join, stop: join, parallel: agent.name }));
  c.builder.addNode(join, joinNode(agent, scope, laneOf), {
    kind: 'join',
    address: `${scope.address.join('/')}/join`,
    annotations: { agent: agent.name, agentPath: scope.agentPath },
    // Children ending in the same step arrive together: count them.
    merge: (a: unknown, b: unknown): Arrivals => ({ arrivals: arrivals(a) + arrivals(b) }),
  });
  c.builder.addBranch(join, (out: { done: boolean }) => (!out.done ? [] : scope.next), [scope.next]);
  return agent.name;
}

/** Counts the children that ended; after the last, their histories join the parent lane (and their lanes go). */
function joinNode(agent: ParallelAgent, scope: AgentScope, laneOf: (child: Agent) => string) {
  const kids = agent.subAgents;
  return (input: Arrivals | unknown, ctx: NodeContext<AgentRunState>) => {
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
  };
}

interface Arrivals {
  arrivals: number;
}
const arrivals = (x: unknown): number =>
  x !== null && typeof x === 'object' && typeof (x as Arrivals).arrivals === 'number' ? (x as Arrivals).arrivals : 1;
