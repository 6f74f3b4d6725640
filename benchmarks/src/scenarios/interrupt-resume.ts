import { NotApplicableError } from '../harness/lazy.ts';
import type { Factory, Scenario } from '../harness/types.ts';

const na =
  (reason: string): Factory =>
  async () => {
    throw new NotApplicableError(reason);
  };

/**
 * Latency of one interrupt + resume cycle with checkpoints on: START -> ask ->
 * END, where `ask` calls interrupt('approve?') and returns the resume value.
 * One cycle = run to the interrupt on a fresh thread, resume with a value,
 * check the output. Steps: one per cycle.
 * A run is 50 cycles, each on a fresh thread (or session) kept until the
 * untimed reset: the median then carries what a cycle leaves to the garbage
 * collector and a store that fills with threads, as a loop of cycles does.
 * At one cycle per run the median skipped both: 84-94 µs a cycle for Weft
 * against a mean of 278-290 µs over 5,000 cycles on kept threads. Framework modules are imported on
 * first use so one that fails to load fails only its own cells.
 */
export const interruptResume: Scenario = {
  id: 'interrupt-resume',
  title: 'interrupt + resume: run to interrupt() on a fresh thread, resume with a value, check output',
  size: { full: 50, quick: 10 },
  steps: (cycles) => cycles,
  factories: {
    baseline: async (n) => (await import('../frameworks/baseline-stateful.ts')).interruptResume(n),
    langgraph: async (n) => (await import('../frameworks/langgraph-stateful.ts')).interruptResume(n),
    adk: async (n) => (await import('../frameworks/adk-stateful.ts')).interruptResume(n),
    'adk-agents': async (n) => (await import('../frameworks/adk-agents-stateful.ts')).interruptResume(n),
    'openai-agents': async (n) => (await import('../frameworks/openai-stateful.ts')).interruptResume(n),
    weft: na('interrupt/resume needs a checkpoint store: see the weft-ckpt row'),
    'weft-ckpt': async (n) => (await import('../frameworks/weft-stateful.ts')).interruptResume('every-step')(n),
    'weft-exit': async (n) => (await import('../frameworks/weft-stateful.ts')).interruptResume('on-exit')(n),
  },
};
