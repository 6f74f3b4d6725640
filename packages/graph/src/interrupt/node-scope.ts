import { AsyncLocalStorage } from 'node:async_hooks';

/** What `interrupt()` needs to know about the node it is called in. */
export interface NodeScope {
  address: string;
  /** Subgraph nodes leading to the node; the node's own name is `node`. */
  parentPath: readonly string[];
  node: string;
  /** The compiled node: where `interrupt()` records the resume schemas of its calls (see resume-schemas.ts). */
  site: object;
  /** Values for this node's `interrupt()` calls, by call order (from resumes). */
  resume: readonly unknown[];
  calls: number;
}

/**
 * The node `interrupt()` is called in. One store per process, shared by every
 * copy of @weft/graph in it (through the global symbol registry): a node run
 * by the host's copy may call the `interrupt()` of a user's CommonJS module's
 * copy, which must see the scope the host's scheduler entered.
 */
export const nodeScope: AsyncLocalStorage<NodeScope> = ((globalThis as Record<symbol, unknown>)[Symbol.for('weft.nodeScope')] ??=
  new AsyncLocalStorage<NodeScope>()) as AsyncLocalStorage<NodeScope>;
