import type { Message } from '@weft/chat-model';

/** One message of the run's history, with who produced it. */
export interface RecordedEvent {
  agentName: string;
  runPath: string[];
  message: Message;
  /** Part of a transfer (the transfer_to_agent call or its result). */
  transfer?: boolean;
}
