/** Who wrote a message. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A tool call requested by the model. `arguments` is JSON text, as models produce it. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** Token counts of one model call, when the model reports them. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface Message {
  role: Role;
  content: string;
  /** Assistant messages: the tools the model wants called, in order. */
  toolCalls?: ToolCall[];
  /** Tool messages: the call this result answers. */
  toolCallId?: string;
  /** Tool messages: the tool's name. */
  name?: string;
  usage?: Usage;
}

export const systemMessage = (content: string): Message => ({ role: 'system', content });
export const userMessage = (content: string): Message => ({ role: 'user', content });
export const assistantMessage = (content: string, toolCalls?: ToolCall[]): Message =>
  toolCalls?.length ? { role: 'assistant', content, toolCalls } : { role: 'assistant', content };
export const toolMessage = (content: string, toolCallId: string, name: string): Message => ({ role: 'tool', content, toolCallId, name });
