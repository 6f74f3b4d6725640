import type { WeftErrorJSON } from '@weft/graph';

/** What one tool call produced; the after-tools node decides from these. */
export interface ToolOutcome {
  callId: string;
  name: string;
  content: string;
  error?: WeftErrorJSON;
  action?: 'exit' | 'returnDirectly' | 'transfer';
  /** Produced by an agent tool's subgraph; its event is emitted by the after-tools node. */
  agentTool?: boolean;
  /** The tool asked the innermost loop to stop after the current child. */
  breakLoop?: boolean;
  /** For a transfer: the agent to continue with. */
  target?: string;
}
