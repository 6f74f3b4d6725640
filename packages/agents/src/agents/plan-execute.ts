import { AgentError } from '../errors.ts';
import { isAgent, type Agent } from './agent.ts';
import type { ChatModelAgent } from './chat-model-agent.ts';
import { loop } from './loop-agent.ts';
import { sequential, type SequentialAgent } from './sequential-agent.ts';
import type { OutputOf } from './agent-output.ts';

export interface PlanExecuteConfig<P extends Agent = Agent, E extends Agent = Agent, R extends ChatModelAgent = ChatModelAgent> {
  /** Default 'PlanExecute'; the loop is named `${name}Loop`. */
  name?: string;
  /** Writes the plan (give it an outputKey, e.g. 'plan', for the others' instructions). */
  planner: P;
  /** Carries out the next step of the plan. */
  executor: E;
  /** Reviews progress: updates the plan, or ends the run by calling `exit` with the final answer. */
  replanner: R;
  /** Executor + replanner rounds at most (default 10). */
  maxIterations?: number;
}

/** Plan, then execute and re-plan in a loop until the replanner exits: `sequential(planner, loop(executor, replanner))`. */
export function planExecute<P extends Agent, E extends Agent, R extends ChatModelAgent>(
  config: PlanExecuteConfig<P, E, R>,
): SequentialAgent<OutputOf<P> | OutputOf<E> | OutputOf<R>> {
  if (config === null || typeof config !== 'object')
    throw new AgentError('INVALID_ARGUMENT', 'planExecute() takes { planner, executor, replanner, maxIterations? }');
  const { planner, executor, replanner } = config;
  // The replanner must be able to end the run: an agent with the exit tool.
  if (!isAgent(replanner) || (replanner as { exit?: unknown }).exit !== true) {
    throw new AgentError(
      'INVALID_ARGUMENT',
      'planExecute(): the replanner ends the run by calling exit; make it a chatModelAgent with exit: true',
    );
  }
  const name = config.name ?? 'PlanExecute';
  const rounds = loop({
    name: `${name}Loop`,
    description: 'Executes the next step and re-plans.',
    subAgents: [executor, replanner],
    maxIterations: config.maxIterations ?? 10,
  });
  return sequential({ name, description: 'Plans, executes step by step, and re-plans until done.', subAgents: [planner, rounds] });
}
