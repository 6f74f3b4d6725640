import { AgentError } from '../errors.ts';
import type { Agent } from './agent.ts';
import type { ChatModelAgent } from './chat-model-agent.ts';
import type { OutputOf } from './agent-output.ts';
import { deterministicTransfer, withSubAgents } from './transfer.ts';

/**
 * A supervisor and its workers: the supervisor transfers work to a worker;
 * each worker transfers back to the supervisor when it ends (an Exit from a
 * worker ends the whole run instead).
 */
export function supervisor<P extends ChatModelAgent, const W extends readonly Agent[]>(config: {
  supervisor: P;
  agents: W;
}): ChatModelAgent<OutputOf<P> | OutputOf<W[number]>> {
  if (config === null || typeof config !== 'object' || !Array.isArray(config.agents)) {
    throw new AgentError('INVALID_ARGUMENT', 'supervisor() takes { supervisor, agents }');
  }
  const boss = config.supervisor;
  const workers: readonly W[number][] = config.agents.map((worker) => deterministicTransfer(worker, [boss.name]));
  return withSubAgents(boss, workers);
}
