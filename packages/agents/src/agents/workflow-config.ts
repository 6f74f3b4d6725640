import { AgentError } from '../errors.ts';
import { isAgent, type Agent } from './agent.ts';
import { isAgentName } from './define-agent.ts';

/** What sequential(), parallel() and loop() take. */
export interface WorkflowConfig<Subs extends readonly Agent[] = readonly Agent[]> {
  name: string;
  description: string;
  subAgents: Subs;
  /** Set by deterministicTransfer: the agent that runs after this one ends. */
  readonly handoff?: string;
}

/** Checks a workflow's config (a typed INVALID_ARGUMENT naming the workflow and what is wrong). */
export function checkWorkflow(kind: string, config: WorkflowConfig): void {
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `${kind} ${JSON.stringify(config?.name)}: ${msg}`);
  if (config === null || typeof config !== 'object')
    throw new AgentError('INVALID_ARGUMENT', `${kind}() takes { name, description, subAgents }`);
  if (!isAgentName(config.name)) throw bad('name must be 1-64 characters: letters, digits, space, ".", "_" or "-"');
  if (typeof config.description !== 'string') throw bad('description must be a string');
  if (!Array.isArray(config.subAgents) || config.subAgents.length === 0) throw bad('subAgents must be a non-empty list of agents');
  if (!config.subAgents.every(isAgent)) throw bad('subAgents must be agents');
}
