import type { ToolMemory } from '../memory/memory-activity.ts';

/** What a tool's `execute` receives besides its arguments. */
export interface ToolContext {
  /** The id of the model's tool call. */
  readonly callId: string;
  /** The agent whose model asked for the call. */
  readonly agentName: string;
  /** The run's thread (undefined for a run without a store). */
  readonly threadId: string | undefined;
  /** The thread's checkpoint this call's step continues from (see NodeContext.checkpointId). */
  readonly checkpointId: string | undefined;
  /**
   * Stable across retries and resumes of this call (thread, agent, iteration,
   * call), so a tool with external side effects can deduplicate.
   */
  readonly idempotencyKey: string;
  /** Aborts when the run is cancelled or the call times out. */
  readonly signal: AbortSignal;
  getSessionValue<T = unknown>(key: string): T | undefined;
  /** Visible to later tools and agents of the run, and to instruction placeholders. */
  setSessionValue(key: string, value: unknown): void;
  getSessionValues(): Readonly<Record<string, unknown>>;
  /** Ends the innermost enclosing loop agent after the current child finishes. */
  breakLoop(): void;
  /**
   * Whether the thread started with behaviour patch `id` (declared with
   * `new Runner({ versions: { patches } })`): a thread that paused before the
   * patch shipped keeps the old behaviour (see NodeContext.patched).
   */
  patched(id: string): boolean;
  /** The run's memory bookkeeping: report reads and writes, record a write as this branch's (see memoryTools). */
  readonly memory: ToolMemory;
}
