import type { InterruptRecord, WeftErrorJSON } from '@weft/graph';
import type { Message, Role } from '@weft/chat-model';
import type { MessageChunk } from '@weft/chat-model';

/** What an agent did, besides producing output. */
export interface AgentAction {
  exit?: boolean;
  transferToAgent?: { destAgentName: string };
  breakLoop?: boolean;
  /** The run stopped here; resume with values for these interrupts. */
  interrupted?: { interrupts: InterruptRecord[] };
  custom?: unknown;
}

/** One event of an agent run, as Eino's ADK has them: who, where (RunPath), and what. */
export interface AgentEvent {
  agentName: string;
  /** Agent names from the root: transfers append, workflows nest (see docs/agents). */
  runPath: string[];
  output?: {
    /** A whole message (assistant or tool). */
    message?: Message;
    /** One streamed piece of an assistant message (streaming runs). */
    stream?: MessageChunk;
    role: Role;
    toolName?: string;
  };
  action?: AgentAction;
  error?: WeftErrorJSON;
}
