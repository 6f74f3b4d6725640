import type { FrameworkId, Scenario } from '../harness/types.ts';
import { chainCheckpoint } from '../scenarios/chain-checkpoint.ts';
import { chain } from '../scenarios/chain.ts';
import { fanOut } from '../scenarios/fan-out.ts';
import { growingHistory } from '../scenarios/growing-history.ts';
import type { CurveId } from './curve-ids.ts';

/**
 * What a curve plots on y: the median per-step cost (timed with measure()),
 * or the bytes the framework stored for one run (one untimed-for-the-chart
 * run: byte counts are deterministic, so repeats would add nothing).
 */
export type CurveMetric = 'perStepUs' | 'storedBytes';

export interface CurveSpec {
  id: CurveId;
  title: string;
  scenario: Scenario;
  metric: CurveMetric;
  /** Sizes passed to the scenario's factories, ascending. */
  sizes: { full: readonly number[]; quick: readonly number[] };
  /** What a size counts, for captions and logs ("300 nodes", "50 turns"). */
  sizeUnit: string;
  /** The x value plotted for a size (e.g. history messages = 2 x turns). */
  x: (size: number) => number;
  xTitle: string;
  yTitle: string;
  frameworks: readonly FrameworkId[];
  /** Caption lines explaining what is not plotted and why. */
  notes: readonly string[];
}

// The baseline is the floor (a plain loop, ~0.03-1 µs per step); on a log
// axis it would add two decades of empty space under every framework.
const PEERS_AND_WEFT: readonly FrameworkId[] = ['langgraph', 'adk', 'adk-agents', 'openai-agents', 'weft', 'weft-ckpt'];
const NO_BASELINE = 'baseline (a plain async loop, under 1 µs per step) is not plotted.';

export const CURVE_SPECS: Record<CurveId, CurveSpec> = {
  'graph-size': {
    id: 'graph-size',
    title: 'Per-step cost vs graph size (chain of trivial nodes)',
    scenario: chain,
    metric: 'perStepUs',
    sizes: { full: [10, 30, 100, 300, 1000], quick: [5, 20, 50] },
    sizeUnit: 'nodes',
    x: (n) => n,
    xTitle: 'nodes in the chain (N)',
    yTitle: 'µs per node step, median',
    frameworks: PEERS_AND_WEFT,
    notes: [NO_BASELINE, 'weft-ckpt writes a checkpoint after every step; weft runs without a store.'],
  },
  'fan-out-width': {
    id: 'fan-out-width',
    title: 'Per-step cost vs fan-out width (start → W branches → join)',
    scenario: fanOut,
    metric: 'perStepUs',
    sizes: { full: [10, 30, 100, 300], quick: [5, 10, 20] },
    sizeUnit: 'branches',
    x: (w) => w,
    xTitle: 'parallel branches (W)',
    yTitle: 'µs per node step, median (W + 2 steps a run)',
    frameworks: PEERS_AND_WEFT,
    notes: [NO_BASELINE],
  },
  'history-length': {
    id: 'history-length',
    title: 'Per-turn cost vs conversation history length',
    scenario: growingHistory,
    metric: 'perStepUs',
    sizes: { full: [10, 50, 100, 250, 500], quick: [5, 10, 20] },
    sizeUnit: 'turns',
    x: (turns) => 2 * turns,
    xTitle: 'messages in the history after the last turn (2 × turns)',
    yTitle: 'mean µs per turn (run time / turns), median run',
    frameworks: PEERS_AND_WEFT,
    notes: [
      NO_BASELINE,
      'One run = a whole conversation of T turns on one fresh thread, so a point is the mean over turns 1..T; a flat line means the per-turn cost does not grow with history.',
    ],
  },
  'checkpoint-bytes': {
    id: 'checkpoint-bytes',
    title: 'Checkpoint bytes vs steps (chain with persistence on)',
    scenario: chainCheckpoint,
    metric: 'storedBytes',
    sizes: { full: [10, 30, 100, 300, 1000], quick: [5, 20, 50] },
    sizeUnit: 'steps',
    x: (n) => n,
    xTitle: 'steps in the run (N-node chain)',
    yTitle: 'bytes stored for one run, total',
    frameworks: ['langgraph', 'adk', 'adk-agents', 'openai-agents', 'weft-ckpt'],
    notes: [
      'On log-log axes a slope of 1 is linear growth in steps, a slope of 2 quadratic.',
      'weft is not plotted: in this shape it uses the same MemoryStore as weft-ckpt. baseline stores nothing.',
    ],
  },
};
