import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/**
 * The chain again, but every node updates graph state ({ count, last }:
 * count += 1, last = its name) through the framework's state API instead of
 * passing a value along. The run checks the final state. No persistence.
 */
export const chainState: Scenario = {
  id: 'chain-state',
  title: 'linear chain whose nodes update graph state (count += 1, last = name)',
  size: { full: 1000, quick: 50 },
  steps: (n) => n,
  factories: factoriesFor('chain-state'),
};
