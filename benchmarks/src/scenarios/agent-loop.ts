import { factoriesFor } from '../harness/lazy.ts';
import { loopSteps } from '../harness/work.ts';
import type { Scenario } from '../harness/types.ts';

/**
 * model -> (tools | END), tools -> model, with a fake model (no LLM, no
 * network) that calls a tool on every turn but the last. Size is the number
 * of model turns; steps count model and tool executions (2 * turns - 1).
 */
export const agentLoop: Scenario = {
  id: 'agent-loop',
  title: 'model -> tools loop with a fake model (final answer on the last turn)',
  size: { full: 50, quick: 5 },
  steps: loopSteps,
  factories: factoriesFor('agent-loop'),
};
