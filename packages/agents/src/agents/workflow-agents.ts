import { AgentError } from '../errors.ts';
import type { Agent } from './agent.ts';
import type { OutputOf, TypedOutput } from './agent-output.ts';

interface WorkflowConfig<Subs extends readonly Agent[] = readonly Agent[]> {
  name: string;
  description: string;
  subAgents: Subs;
  /** Set by deterministicTransfer: the agent that runs after this one ends. */
  readonly handoff?: string;
}

/** Runs its children in order; an error or an Exit stops it. `O`: its children's outputs. */
export interface SequentialAgent<O = unknown> extends Readonly<WorkflowConfig>, TypedOutput<O> {
  readonly kind: 'sequential';
}
/** Runs its children concurrently; ends when all have ended. Children do not see each other's events. */
export interface ParallelAgent<O = unknown> extends Readonly<WorkflowConfig>, TypedOutput<O> {
  readonly kind: 'parallel';
}
/** Repeats its children `maxIterations` times (0: until an Exit or breakLoop). */
export interface LoopAgent<O = unknown> extends Readonly<WorkflowConfig>, TypedOutput<O> {
  readonly kind: 'loop';
  readonly maxIterations: number;
}

export type WorkflowAgent<O = unknown> = SequentialAgent<O> | ParallelAgent<O> | LoopAgent<O>;

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

/**
 * Runs `subAgents` in order, each seeing the earlier ones' events.
 *
 * @example
 * const pipeline = sequential({ name: 'pipeline', description: 'research, then write', subAgents: [researcher, writer] });
 */
export function sequential<const Subs extends readonly Agent[]>(config: WorkflowConfig<Subs>): SequentialAgent<OutputOf<Subs[number]>> {
  check('sequential', config);
  return Object.freeze({ ...config, subAgents: [...config.subAgents], kind: 'sequential' });
}

/**
 * Runs `subAgents` side by side; it ends when every one has ended.
 *
 * @example
 * const reviews = parallel({ name: 'reviews', description: 'two reviews at once', subAgents: [legal, finance] });
 */
export function parallel<const Subs extends readonly Agent[]>(config: WorkflowConfig<Subs>): ParallelAgent<OutputOf<Subs[number]>> {
  check('parallel', config);
  return Object.freeze({ ...config, subAgents: [...config.subAgents], kind: 'parallel' });
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
  check('loop', config);
  const maxIterations = config.maxIterations ?? 0;
  if (!Number.isInteger(maxIterations) || maxIterations < 0)
    throw new AgentError('INVALID_ARGUMENT', `loop "${config.name}": maxIterations must be an integer ≥ 0 (0 = until exit or break)`);
  return Object.freeze({ ...config, subAgents: [...config.subAgents], kind: 'loop', maxIterations });
}
