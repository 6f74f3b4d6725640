import type { END } from '@weft/graph';

/** A node to continue at, or END. */
export type Target = string | typeof END;

/**
 * Where a compiled agent sits: its lane, its structural address, and where
 * control goes when it ends normally (`next`) or by an Exit action or error
 * (`stop`).
 */
export interface AgentScope {
  lane: string;
  /** Structural address segments from the root (`agent:S`, `agent:A`). */
  address: string[];
  /** Agent names from the root, for viewers. */
  agentPath: string[];
  next: Target;
  stop: Target;
  /** The innermost enclosing loop agent (for breakLoop). */
  loop?: string;
  /** The innermost enclosing parallel agent (interrupt events are grouped under it). */
  parallel?: string;
  /** Transfer targets given by the agent's parent in a sub-agent tree (its parent, its peers). */
  inheritedTargets?: readonly import('../agents/agent.ts').Agent[];
}

/** The input a node gets when control enters an agent (as opposed to continuing inside it). */
export interface Enter {
  enter: true;
}
export const ENTER: Enter = { enter: true };
