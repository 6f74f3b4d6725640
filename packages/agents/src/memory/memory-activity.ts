/**
 * A read or write of long-term memory that a run made, as its `memory` agent
 * event shows it (the Studio lists them beside the events; OpenTelemetry
 * and logs read them). Keys and scores only: the values stay in the bank.
 */
export type MemoryActivity =
  | {
      kind: 'recall';
      namespace: string[];
      /** What was searched for. */
      query: string;
      mode: 'vector' | 'keyword' | 'recent';
      /** Why keywords were used when vectors were asked for (no embedder). */
      fallback?: string;
      items: { namespace: string[]; key: string; score: number }[];
      /** Items the search found that belong to another branch of this thread (thread scope), left out. */
      otherBranches?: number;
    }
  | { kind: 'write'; namespace: string[]; key: string; status: 'written' | 'duplicate'; toolCallId?: string }
  | { kind: 'forget'; namespace: string[]; key: string; deleted: boolean; toolCallId?: string };

/**
 * What a tool sees of the run's memory bookkeeping (`ToolContext.memory`):
 * it reports its reads and writes, and records its writes as this branch's
 * so that thread-scoped recall leaves out what other branches wrote.
 */
export interface ToolMemory {
  /** Shows a read or write to the run's listeners as a `memory` agent event. */
  report(activity: MemoryActivity): void;
  /** Records that this branch of the thread made the write `writeId` (kept in the checkpoint). */
  recordWrite(writeId: string): void;
  /** Whether this branch of the thread made the write `writeId`. */
  wrote(writeId: string): boolean;
}
