import type { InterruptRecord, WeftError } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';

export type AgentRunStatus = 'done' | 'interrupted' | 'error';

export interface AgentRunResult {
  status: AgentRunStatus;
  /** This run's events, in the order they were emitted. */
  events: AgentEvent[];
  interrupts: InterruptRecord[];
  /** Pass to `runner.resume()`; it names the thread and the checkpoint. */
  checkpointId: string | undefined;
  threadId: string | undefined;
  sessionValues: Record<string, unknown>;
  /** Why the run failed: a graph error, or the agent error that ended it. */
  error: WeftError<string> | undefined;
}
