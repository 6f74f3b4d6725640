import { NotApplicableError } from '../harness/lazy.ts';
import type { Factory, Scenario } from '../harness/types.ts';

const na =
  (reason: string): Factory =>
  async () => {
    throw new NotApplicableError(reason);
  };

/**
 * interrupt-resume on a graph with state: START -> a -> ask -> c -> END over
 * `{ log: string[] }`; `a` appends 'a', `ask` appends 'ask' and interrupts,
 * then appends the resume value, `c` appends 'c'. One cycle = run to the
 * interrupt on a fresh thread, check it, resume, check that the log is
 * exactly a, ask, <value>, c. Steps: one per cycle.
 * A run is 50 cycles, each on a fresh thread (or session) kept until the
 * untimed reset: the median then carries what a cycle leaves to the garbage
 * collector and a store that fills with threads, as a loop of cycles does.
 * At one cycle per run the median skipped both: 84-94 µs a cycle for Weft
 * against a mean of 278-290 µs over 5,000 cycles on kept threads.
 */
export const interruptResumeState: Scenario = {
  id: 'interrupt-resume-state',
  title: 'interrupt + resume of a 3-node graph whose nodes append to a state list',
  size: { full: 50, quick: 10 },
  steps: (cycles) => cycles,
  factories: {
    baseline: async (n) => (await import('../frameworks/baseline-stateful.ts')).interruptResumeState(n),
    langgraph: async (n) => (await import('../frameworks/langgraph-stateful.ts')).interruptResumeState(n),
    adk: async (n) => (await import('../frameworks/adk-stateful.ts')).interruptResumeState(n),
    'adk-agents': na('a SequentialAgent cannot pause: c runs past the long-running call, a resume restarts it (see adk)'),
    'openai-agents': async (n) => (await import('../frameworks/openai-stateful.ts')).interruptResumeState(n),
    weft: na('interrupt/resume needs a checkpoint store: see the weft-ckpt row'),
    'weft-ckpt': async (n) => (await import('../frameworks/weft-stateful.ts')).interruptResumeState('every-step')(n),
    'weft-exit': async (n) => (await import('../frameworks/weft-stateful.ts')).interruptResumeState('on-exit')(n),
  },
};
