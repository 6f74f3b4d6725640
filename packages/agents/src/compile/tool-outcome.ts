import type { ContentPart } from '@weft/chat-model';
import type { WeftErrorJSON } from '@weft/graph';

/** What one tool call produced; the turn's route decides from these (as the history records them). */
export interface ToolOutcome {
  callId: string;
  name: string;
  /** The result as the model sees it: text, or parts when the tool returned `toolContent(…)`. */
  content: string | ContentPart[];
  error?: WeftErrorJSON;
  action?: 'exit' | 'returnDirectly' | 'transfer';
  /** Produced by an agent tool's subgraph; its event is published by the turn's route. */
  agentTool?: boolean;
  /** The tool asked the innermost loop to stop after the current child. */
  breakLoop?: boolean;
  /** For a transfer: the agent to continue with. */
  target?: string;
}

/** What a tool call's task passes on: its outcome, marked as its agent's, so that its model node continues its loop. */
export interface ToolTaskOutput extends ToolOutcome {
  continueAgent: string;
}
