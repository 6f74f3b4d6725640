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

export const nodeScope = new AsyncLocalStorage<NodeScope>();
