import type { NodeContext } from '@weft/graph';
import { AgentError } from '../errors.ts';
import type { Agent, AgentCompiler, AgentScope, Target } from './agent.ts';
import type { OutputOf, TypedOutput } from './agent-output.ts';
import { defineAgent } from './define-agent.ts';
import { checkWorkflow, type WorkflowConfig } from './workflow-config.ts';
import type { AgentRunState } from '../compile/agent-run-state.ts';
import { childScope } from '../compile/child-scope.ts';
import { workflowAnnotations, workflowEntry } from '../compile/workflow-entry.ts';

/** Repeats its children `maxIterations` times (0: until an Exit or breakLoop). */
export interface LoopAgent<O = unknown> extends Readonly<WorkflowConfig>, Agent<O>, TypedOutput<O> {
  readonly kind: 'loop';
  readonly subAgents: readonly Agent[];
  readonly maxIterations: number;
}

/**
 * Runs `subAgents` in order, again and again: `maxIterations` rounds, or (0) until an exit or a breakLoop.
 *
 * @example
 * const refine = loop({ name: 'refine', description: 'draft and critique', subAgents: [drafter, critic], maxIterations: 3 });
 */
export function loop<const Subs extends readonly Agent[]>(
  config: WorkflowConfig<Subs> & { maxIterations?: number },
): LoopAgent<OutputOf<Subs[number]>> {
  checkWorkflow('loop', config);
  const maxIterations = config.maxIterations ?? 0;
  if (!Number.isInteger(maxIterations) || maxIterations < 0)
    throw new AgentError('INVALID_ARGUMENT', `loop "${config.name}": maxIterations must be an integer ≥ 0 (0 = until exit or break)`);
  return defineAgent({
    ...config,
    subAgents: Object.freeze([...config.subAgents]),
    kind: 'loop' as const,
    maxIterations,
    compile(this: LoopAgent, c: AgentCompiler, scope: AgentScope): string {
      return compileLoop(c, this, scope);
    },
  });
}

/**
 * The entry node resets its progress; children continue at `L:next`, which
 * moves to the next child, counts iterations, and leaves after
 * `maxIterations` (0: never) or a breakLoop.
 */
function compileLoop(c: AgentCompiler, agent: LoopAgent, scope: AgentScope): string {
  const step = `${agent.name}:next`;
  const kids = agent.subAgents;
  const reset = (ctx: NodeContext<AgentRunState>) => ctx.set(['workflows', agent.name], { count: 0, index: 0, broken: false });
  c.builder.addNode(agent.name, workflowEntry(agent.name, scope, reset), {
    kind: 'loop',
    address: scope.address.join('/'),
    annotations: { ...workflowAnnotations(agent, scope), maxIterations: agent.maxIterations },
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
  c.builder.addBranch(step, (target: Target) => target, [...new Set([...kids.map((k) => k.name), scope.next])]);
  return agent.name;
}
