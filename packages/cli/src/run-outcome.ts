import { parseCheckpointHandle, type AgentEvent, type AgentRunResult } from '@weft/agents';
import type { InterruptRecord, RunResult, WeftErrorJSON } from '@weft/graph';

/** How a run or resume ended, the same for agents and graphs, in this process or on a queue's worker. */
export interface RunOutcome {
  status: 'done' | 'interrupted' | 'error';
  threadId: string;
  /** The graph checkpoint the run stopped at. */
  checkpointId: string | undefined;
  /** That checkpoint's seq and step (steps completed), as `weft history` lists them; read back from the store after the run. */
  seq?: number;
  step?: number;
  interrupts: InterruptRecord[];
  /** A graph's output, or an agent run's last assistant text. */
  output: unknown;
  error: WeftErrorJSON | undefined;
  /** The failure itself, with its stack and causes down to the code that threw (for WEFT_DEBUG=1). */
  failure: unknown;
}

/**
 * The outcome of an agent run. Its output is the last assistant text among
 * `events` (the result's own, else the events the caller saw stream by: a
 * result that crossed a queue may come without them).
 */
export function agentOutcome(res: AgentRunResult<unknown>, threadId: string, seen: readonly AgentEvent[] = []): RunOutcome {
  const events = res.events?.length ? res.events : seen;
  const lastText = events.findLast((e) => e.output?.role === 'assistant' && e.output.message?.content)?.output?.message?.content;
  // The Runner's checkpoint id is a handle (thread and checkpoint); the outcome names the graph checkpoint.
  const handle = res.checkpointId;
  return {
    status: res.status,
    threadId: res.threadId ?? threadId,
    checkpointId: handle === undefined ? undefined : parseCheckpointHandle(handle).checkpointId,
    interrupts: res.interrupts,
    output: lastText,
    error: res.error?.toJSON(),
    failure: res.error,
  };
}

/** The outcome of a graph run. */
export function graphOutcome(res: RunResult, threadId: string): RunOutcome {
  return {
    status: res.status,
    threadId: res.threadId ?? threadId,
    checkpointId: res.checkpointId,
    interrupts: res.interrupts,
    output: res.output,
    error: res.error?.toJSON(),
    failure: res.error,
  };
}
