import { AsyncLocalStorage } from 'node:async_hooks';

/** What `interrupt()` needs to know about the node it is called in. */
export interface NodeScope {
  address: string;
  path: string[];
  /** Values for this node's `interrupt()` calls, by call order (from resumes). */
  resume: unknown[];
  calls: number;
}

export const nodeScope = new AsyncLocalStorage<NodeScope>();
