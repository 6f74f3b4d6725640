/** A pending interrupt as runs report it and checkpoints keep it. */
export interface InterruptRecord {
  /** Deterministic: the address plus the call's index within the node (`review#0`). */
  id: string;
  /** Structural position: address segments joined by '/' (`inner/approve`). */
  address: string;
  /** Subgraph nodes leading to the node, then the node. */
  path: string[];
  /** The value passed to `interrupt()`. */
  info: unknown;
}
