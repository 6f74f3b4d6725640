import type { Message } from '@weft/chat-model';

/** One message of the run's history, with who produced it. */
export interface RecordedEvent {
  agentName: string;
  runPath: string[];
  message: Message;
  /** Part of a transfer (the transfer_to_agent call or its result). */
  transfer?: boolean;
  /**
   * A tool result that ends its agent: the `exit` tool's, or a
   * `returnDirectly` tool's. When one turn has several, the first exit ends
   * it, else the first return-directly result (see turnEnd).
   */
  ends?: 'exit' | 'returnDirectly';
}
