import { reactSteps } from '../harness/agent-work.ts';
import { factoriesFor } from '../harness/lazy.ts';
import type { Scenario } from '../harness/types.ts';

/**
 * One tool-calling agent built with each framework's own agent API: a fake
 * model (no LLM, no network) calls the trivial tool `turns` times, then
 * answers. Steps: turns + 1 model calls plus `turns` tool calls.
 */
export const reactLoop: Scenario = {
  id: 'react-loop',
  title: 'one tool-calling agent: T model -> tool turns, then a final answer',
  size: { full: 50, quick: 5 },
  steps: reactSteps,
  factories: factoriesFor('react-loop'),
};
