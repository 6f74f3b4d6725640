import { AgentError } from '../errors.ts';
import type { Agent } from './agent.ts';

interface WorkflowConfig {
  name: string;
  description: string;
  subAgents: Agent[];
  /** Set by deterministicTransfer: the agent that runs after this one ends. */
  readonly handoff?: string;
}

/** Runs its children in order; an error or an Exit stops it. */
export interface SequentialAgent extends Readonly<WorkflowConfig> {
  readonly kind: 'sequential';
}
/** Runs its children concurrently; ends when all have ended. Children do not see each other's events. */
export interface ParallelAgent extends Readonly<WorkflowConfig> {
  readonly kind: 'parallel';
}
/** Repeats its children `maxIterations` times (0: until an Exit or breakLoop). */
export interface LoopAgent extends Readonly<WorkflowConfig> {
  readonly kind: 'loop';
  readonly maxIterations: number;
}

export type WorkflowAgent = SequentialAgent | ParallelAgent | LoopAgent;

function check(kind: string, config: WorkflowConfig): void {
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `${kind} ${JSON.stringify(config?.name)}: ${msg}`);
  if (config === null || typeof config !== 'object')
    throw new AgentError('INVALID_ARGUMENT', `${kind}() takes { name, description, subAgents }`);
  if (typeof config.name !== 'string' || !/^[A-Za-z0-9_-][A-Za-z0-9_ .-]{0,63}$/.test(config.name)) {
    throw bad('name must be 1-64 characters: letters, digits, space, ".", "_" or "-"');
  }
  if (typeof config.description !== 'string') throw bad('description must be a string');
  if (!Array.isArray(config.subAgents) || config.subAgents.length === 0) throw bad('subAgents must be a non-empty list of agents');
  if (config.subAgents.some((a) => a === null || typeof a !== 'object' || typeof a.kind !== 'string'))
    throw bad('subAgents must be agents');
}

export function sequential(config: WorkflowConfig): SequentialAgent {
  check('sequential', config);
  return Object.freeze({ ...config, subAgents: [...config.subAgents], kind: 'sequential' });
}

export function parallel(config: WorkflowConfig): ParallelAgent {
  check('parallel', config);
  return Object.freeze({ ...config, subAgents: [...config.subAgents], kind: 'parallel' });
}

export function loop(config: WorkflowConfig & { maxIterations?: number }): LoopAgent {
  check('loop', config);
  const maxIterations = config.maxIterations ?? 0;
  if (!Number.isInteger(maxIterations) || maxIterations < 0)
    throw new AgentError('INVALID_ARGUMENT', `loop "${config.name}": maxIterations must be an integer ≥ 0 (0 = until exit or break)`);
  return Object.freeze({ ...config, subAgents: [...config.subAgents], kind: 'loop', maxIterations });
}
