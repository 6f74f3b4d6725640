import type { ThreadSummary } from '@weft/graph';
import type { ThreadUsage } from './thread-usage.ts';

/** One thread as `weft threads` shows it. */
export interface ThreadRow extends Omit<ThreadSummary, 'status'>, ThreadUsage {
  /** The head's status, or `corrupt` when it cannot be decoded. */
  status: ThreadSummary['status'] | 'corrupt';
  module: string | undefined;
  export: string | undefined;
  /** Who holds the thread's lease right now: it is being run. */
  runningBy: { holder: string; since: number; expiresAt: number } | null;
  /** Why its latest checkpoint cannot be read (then `status` is `corrupt`). */
  error: { code: string; message: string } | null;
  /** Why its run failed (then `status` is `error`): the error its latest checkpoint recorded. */
  failure: { code: string; message: string } | null;
  /** The graph version that wrote its latest checkpoint (null when it cannot be read). */
  graph: { name: string; hash: string; version?: string } | null;
}
