import type { Message, ResponseInfo, ToolCall, Usage } from '@weft/chat-model';
import {
  isReadPart,
  type AiSdkContentPart,
  type AiSdkFinishReason,
  type AiSdkReadContentPart,
  type AiSdkResponseMetadata,
  type AiSdkUsage,
} from './ai-sdk-language-model.ts';
import { toWeftFinishReason } from './to-weft-finish-reason.ts';

const READ: Record<AiSdkReadContentPart['type'], true> = { text: true, 'tool-call': true };

/** A doGenerate result's content as one Weft assistant message, with its usage, finish reason and response id and model. */
export function toWeftMessage(
  content: readonly AiSdkContentPart[],
  usage: AiSdkUsage | undefined,
  finishReason?: AiSdkFinishReason,
  response?: AiSdkResponseMetadata,
): Message {
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const part of content) {
    if (!isReadPart<AiSdkReadContentPart>(part, READ)) continue;
    if (part.type === 'text') text += part.text;
    // Provider-executed tools (web search and the like) already ran; Weft must not run them again.
    else if (part.type === 'tool-call' && !part.providerExecuted)
      toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
  }
  const message: Message = { role: 'assistant', content: text };
  if (toolCalls.length) message.toolCalls = toolCalls;
  const weftUsage = toWeftUsage(usage);
  if (weftUsage) message.usage = weftUsage;
  const reason = toWeftFinishReason(finishReason);
  if (reason) message.finishReason = reason;
  const identity = toResponseInfo(response);
  if (identity) message.response = identity;
  return message;
}

/** The response's id and model id (its timestamp, headers and body stay out of the history), when it names either. */
export function toResponseInfo(response: AiSdkResponseMetadata | undefined): ResponseInfo | undefined {
  const id = typeof response?.id === 'string' ? response.id : undefined;
  const model = typeof response?.modelId === 'string' ? response.modelId : undefined;
  if (id === undefined && model === undefined) return undefined;
  return { ...(id === undefined ? {} : { id }), ...(model === undefined ? {} : { model }) };
}

/** Token counts, or undefined when the provider reported neither. */
export function toWeftUsage(usage: AiSdkUsage | undefined): Usage | undefined {
  if (!usage) return undefined;
  const input = typeof usage.inputTokens === 'object' ? usage.inputTokens.total : usage.inputTokens;
  const output = typeof usage.outputTokens === 'object' ? usage.outputTokens.total : usage.outputTokens;
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}
