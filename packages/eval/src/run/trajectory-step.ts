/** A tool call the run made (transfers are their own steps, not tool calls). */
export interface ToolCallStep {
  type: 'tool';
  /** The agent that called it. */
  agent: string;
  tool: string;
  /** The parsed arguments (the raw text when they were not JSON). */
  args: unknown;
  /** The tool's result text, when it ran; absent for a call that was interrupted or rejected before running. */
  result?: string;
  /** Set when the tool answered with an error. */
  error?: string;
}

/** A transfer the run made. */
export interface TransferStep {
  type: 'transfer';
  from: string;
  to: string;
  reason?: string;
}

/** One step of what a run did, in order: a tool call or a transfer. */
export type TrajectoryStep = ToolCallStep | TransferStep;
