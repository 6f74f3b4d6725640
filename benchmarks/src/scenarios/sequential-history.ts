import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/**
 * A sequential workflow of N agents sharing one growing history: agent i's
 * fake model checks that it was sent the user input and the ~200-character
 * answers of agents 0..i-1, in order, then answers. Steps: N model calls.
 */
export const sequentialHistory: Scenario = {
  id: 'sequential-history',
  title: 'sequential workflow of N agents sharing a growing history (each sees every earlier answer)',
  size: { full: 10, quick: 3 },
  steps: (n) => n,
  factories: factoriesFor('sequential-history'),
};
