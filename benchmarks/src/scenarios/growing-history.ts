import { NotApplicableError } from '../harness/lazy.ts';
import type { Factory, Scenario } from '../harness/types.ts';

const na =
  (reason: string): Factory =>
  async () => {
    throw new NotApplicableError(reason);
  };

/**
 * A growing conversation: one chat agent (fake model answers with text, no
 * tools) queried N times on ONE thread with a store, so the history grows to
 * 2N messages and every turn sends the whole history to the model. One run =
 * all N turns on a fresh thread; steps: one per turn. A note under the table
 * compares the per-turn cost of the first and last 10% of turns (flat = ~1x).
 */
export const growingHistory: Scenario = {
  id: 'growing-history',
  title: 'growing conversation: N turns on one thread, history grows to 2N messages; µs per turn',
  size: { full: 200, quick: 20 },
  steps: (turns) => turns,
  factories: {
    baseline: async (n) => (await import('../frameworks/baseline-stateful.ts')).growingHistory(n),
    langgraph: async (n) => (await import('../frameworks/langgraph-stateful.ts')).growingHistory(n),
    adk: async (n) => (await import('../frameworks/adk-stateful.ts')).growingHistory(n),
    'adk-agents': async (n) => (await import('../frameworks/adk-agents-stateful.ts')).growingHistory(n),
    'openai-agents': async (n) => (await import('../frameworks/openai-stateful.ts')).growingHistory(n),
    weft: na('history lives in the thread of a store: see the weft-ckpt row'),
    'weft-ckpt': async (n) => (await import('../frameworks/weft-stateful.ts')).growingHistory('every-step')(n),
    'weft-exit': async (n) => (await import('../frameworks/weft-stateful.ts')).growingHistory('on-exit')(n),
  },
};
