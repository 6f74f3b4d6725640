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
  /**
   * The JSON Schema of the value the interrupt takes, when `interrupt(info, { resume })`
   * was given a schema whose library writes JSON Schema: for people and tools in
   * another process (the CLI prints a value shaped by it).
   */
  resumeSchema?: Record<string, unknown>;
}
