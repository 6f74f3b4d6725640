import type { InterruptRecord, Usage, WeftError } from '@weft/graph';
import type { Message } from '@weft/chat-model';
import type { AgentEvent } from '../agents/agent-event.ts';

export type AgentRunStatus = 'done' | 'interrupted' | 'error';

/** What every agent run result has, whatever its status. */
interface AgentRunBase {
  /** This run's events, in the order they were emitted. */
  events: AgentEvent[];
  /** Pass to `runner.resume()`; it names the thread and the checkpoint. */
  checkpointId: string | undefined;
  threadId: string | undefined;
  sessionValues: Record<string, unknown>;
  /**
   * What the thread's branch has spent, this run included: tokens, cost,
   * model and tool calls, running time. Counted in runs with a budget (all
   * zero otherwise); see docs/agents/budgets.md.
   */
  usage: Usage;
}

/**
 * The run ended with an answer. `finalMessage` is the message that ended it:
 * the last answer without tool calls, or the result of an `exit` or
 * `returnDirectly` tool. `finalOutput` is that answer's value: parsed and
 * validated by the agent's `outputSchema` when it has one, else its text.
 */
export interface AgentRunDone<O = unknown> extends AgentRunBase {
  status: 'done';
  finalMessage: Message;
  finalOutput: O;
  interrupts: [];
  error: undefined;
}

/** The run stopped at one or more interrupts; resume with values for them. */
export interface AgentRunInterrupted extends AgentRunBase {
  status: 'interrupted';
  interrupts: [InterruptRecord, ...InterruptRecord[]];
  finalMessage: undefined;
  finalOutput: undefined;
  error: undefined;
}

/** The run failed: a graph error, or the agent error that ended it. */
export interface AgentRunFailed extends AgentRunBase {
  status: 'error';
  error: WeftError<string>;
  interrupts: [];
  finalMessage: undefined;
  finalOutput: undefined;
}

/**
 * What awaiting an agent run gives, discriminated by `status`.
 *
 * @example
 * const r = await runner.query('What is the weather in Oslo?');
 * if (r.status === 'done') console.log(r.finalOutput);
 * else if (r.status === 'interrupted') console.log(r.interrupts[0].info);
 * else console.error(r.error.code, r.error.message);
 */
export type AgentRunResult<O = unknown> = AgentRunDone<O> | AgentRunInterrupted | AgentRunFailed;
