import type { Agent, AgentCompiler, AgentScope } from './agent.ts';
import type { OutputOf, TypedOutput } from './agent-output.ts';
import { defineAgent } from './define-agent.ts';
import { checkWorkflow, type WorkflowConfig } from './workflow-config.ts';
import { childScope } from '../compile/child-scope.ts';
import { workflowAnnotations, workflowEntry } from '../compile/workflow-entry.ts';

/** Runs its children in order; an error or an Exit stops it. `O`: its children's outputs. */
export interface SequentialAgent<O = unknown> extends Readonly<WorkflowConfig>, Agent<O>, TypedOutput<O> {
  readonly kind: 'sequential';
  readonly subAgents: readonly Agent[];
}

/**
 * Runs `subAgents` in order, each seeing the earlier ones' events.
 *
 * @example
 * const pipeline = sequential({ name: 'pipeline', description: 'research, then write', subAgents: [researcher, writer] });
 */
export function sequential<const Subs extends readonly Agent[]>(config: WorkflowConfig<Subs>): SequentialAgent<OutputOf<Subs[number]>> {
  checkWorkflow('sequential', config);
  return defineAgent({
    ...config,
    subAgents: Object.freeze([...config.subAgents]),
    kind: 'sequential' as const,
    compile(this: SequentialAgent, c: AgentCompiler, scope: AgentScope): string {
      return compileSequential(c, this, scope);
    },
  });
}

/** The entry node (named after it), then each child continues at the next one; the last continues at the sequential's `next`. */
function compileSequential(c: AgentCompiler, agent: SequentialAgent, scope: AgentScope): string {
  c.builder.addNode(agent.name, workflowEntry(agent.name, scope), {
    kind: 'sequential',
    address: scope.address.join('/'),
    annotations: workflowAnnotations(agent, scope),
  });
  const kids = agent.subAgents;
  kids.forEach((child, i) => c.addAgent(child, childScope(scope, child, { next: i + 1 < kids.length ? kids[i + 1]!.name : scope.next })));
  c.builder.addEdge(agent.name, kids[0]!.name);
  return agent.name;
}
