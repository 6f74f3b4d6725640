/** Shapes measured by the harness; ids double as CLI names for `--only`. */
export const SHAPE_IDS = ['chain', 'chain-checkpoint', 'fan-out', 'agent-loop'] as const;
export type ShapeId = (typeof SHAPE_IDS)[number];

/** Frameworks in table order. Baseline first so every row has its floor next to it. */
export const FRAMEWORK_IDS = ['baseline', 'langgraph', 'adk', 'adk-agents', 'weft', 'weft-ckpt'] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

/** Weft's columns: without a store, and with a MemoryStore checkpointing every step. */
export const WEFT_IDS: readonly FrameworkId[] = ['weft', 'weft-ckpt'];

/** The frameworks Weft is compared against (the baseline is a floor, not a peer). */
export const PEER_IDS: readonly FrameworkId[] = ['langgraph', 'adk', 'adk-agents'];

/**
 * One timed run of a prepared graph. Extra members are optional hooks the
 * harness calls outside the timed region.
 */
export interface Run {
  (): Promise<void>;
  /** Untimed clean-up between samples (e.g. drop the last thread) so memory stays flat. */
  reset?: () => Promise<void> | void;
  /** Total serialized bytes the framework stored for the most recent run. */
  storedBytes?: () => Promise<number> | number;
}

/** Setup happens once per (shape, framework); the returned run is what gets timed. */
export type Factory = (size: number) => Promise<Run>;

/** Every framework module implements every shape, so a missing one is a type error. */
export type FrameworkModule = Record<ShapeId, Factory>;

export interface Scenario {
  id: ShapeId;
  /** One-line description printed above the table. */
  title: string;
  size: { full: number; quick: number };
  /** Node executions in one run of the given size: the per-step divisor. */
  steps: (size: number) => number;
  factories: Record<FrameworkId, Factory>;
}

export interface Stats {
  median: number;
  p10: number;
  p90: number;
}
