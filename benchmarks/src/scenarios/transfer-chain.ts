import { transferSteps } from '../harness/agent-work.ts';
import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/**
 * agent_0 transfers to agent_1, ..., to agent_{N-1}, which answers. Every
 * transfer is a model-requested tool call (transfer_to_agent / a handoff).
 * Steps: N model calls plus N - 1 transfers.
 */
export const transferChain: Scenario = {
  id: 'transfer-chain',
  title: 'agent 1 transfers to agent 2 ... to agent N, which answers',
  size: { full: 5, quick: 3 },
  steps: transferSteps,
  factories: factoriesFor('transfer-chain'),
};
