import { AgentError } from '../errors.ts';
import type { Agent } from './agent.ts';
import type { ChatModelAgent } from './chat-model-agent.ts';
import { deterministicTransfer, withSubAgents } from './transfer.ts';

/**
 * A supervisor and its workers: the supervisor transfers work to a worker;
 * each worker transfers back to the supervisor when it ends (an Exit from a
 * worker ends the whole run instead).
 */
export function supervisor(config: { supervisor: ChatModelAgent; agents: Agent[] }): ChatModelAgent {
  if (config === null || typeof config !== 'object' || !Array.isArray(config.agents)) {
    throw new AgentError('INVALID_ARGUMENT', 'supervisor() takes { supervisor, agents }');
  }
  const boss = config.supervisor;
  return withSubAgents(
    boss,
    config.agents.map((worker) => deterministicTransfer(worker, [boss.name])),
  );
}
