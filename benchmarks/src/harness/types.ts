/** Graph shapes: trivial nodes wired by each framework's graph (or workflow) API. */
export const GRAPH_SHAPE_IDS = ['chain', 'chain-checkpoint', 'chain-state', 'fan-out', 'agent-loop'] as const;
/** Agent shapes: each framework's own agents, fake model and tool. */
export const AGENT_SHAPE_IDS = ['react-loop', 'sequential-agents', 'sequential-history', 'parallel-agents', 'transfer-chain'] as const;
/** Stateful shapes: each has its own scenario file with per-framework factories (not a FrameworkModule entry). */
export const STATEFUL_SHAPE_IDS = ['interrupt-resume', 'interrupt-resume-state', 'growing-history'] as const;
/** Shapes measured by the harness; ids double as CLI names for `--only`. */
export const SHAPE_IDS = [...GRAPH_SHAPE_IDS, ...AGENT_SHAPE_IDS, ...STATEFUL_SHAPE_IDS] as const;
export type ShapeId = (typeof SHAPE_IDS)[number];
/** Shapes every framework module covers. */
export type ModuleShapeId = (typeof GRAPH_SHAPE_IDS)[number] | (typeof AGENT_SHAPE_IDS)[number];
export type GraphShapeId = (typeof GRAPH_SHAPE_IDS)[number];
export type AgentShapeId = (typeof AGENT_SHAPE_IDS)[number];

/** Frameworks in table order. Baseline first so every row has its floor next to it. */
export const FRAMEWORK_IDS = ['baseline', 'langgraph', 'adk', 'adk-agents', 'openai-agents', 'weft', 'weft-ckpt', 'weft-exit'] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

/**
 * Weft's columns compared with the peers: without a store, and with a
 * MemoryStore checkpointing every step. `weft-exit` (a MemoryStore, checkpoints
 * only where each run stops) is reported but never compared: the peers
 * persist every step, and a weaker durability against a stronger one would
 * flatter Weft.
 */
export const WEFT_IDS: readonly FrameworkId[] = ['weft', 'weft-ckpt'];

/** The frameworks Weft is compared against (the baseline is a floor, not a peer). */
export const PEER_IDS: readonly FrameworkId[] = ['langgraph', 'adk', 'adk-agents', 'openai-agents'];

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
  /**
   * Set when the framework has no primitive for the shape and the run composes
   * it in user code (e.g. Promise.all of runs); printed next to the cell.
   */
  note?: string;
  /** Extra finding printed on its own line under the table (e.g. first vs last turns); not a composition mark. */
  summary?: string;
}

/** Setup happens once per (shape, framework); the returned run is what gets timed. */
export type Factory = (size: number) => Promise<Run>;

/** A shape the framework cannot express, with the reason; its cell prints `n/a: <reason>`. */
export interface NotApplicable {
  na: string;
}

export type Entry = Factory | NotApplicable;

/** Every framework module covers every shape (a factory or a reason), so a missing one is a type error. */
export type FrameworkModule = Record<ModuleShapeId, Entry>;
export type GraphModule = Record<GraphShapeId, Entry>;
export type AgentModule = Record<AgentShapeId, Entry>;

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
