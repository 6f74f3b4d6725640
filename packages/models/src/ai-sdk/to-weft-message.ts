import type { ContentPart, Message, ResponseInfo, ToolCall, Usage } from '@weft/chat-model';
import {
  isReadPart,
  type AiSdkFile,
  type AiSdkContentPart,
  type AiSdkFinishReason,
  type AiSdkReadContentPart,
  type AiSdkResponseMetadata,
  type AiSdkUsage,
} from './ai-sdk-language-model.ts';
import { toWeftFinishReason } from './to-weft-finish-reason.ts';

const READ: Record<AiSdkReadContentPart['type'], true> = { text: true, reasoning: true, file: true, 'tool-call': true };

/**
 * A doGenerate result's content as one Weft assistant message, with its usage,
 * finish reason and response id and model. Text alone stays a string; with
 * reasoning or files the content is parts, in the order the model gave them.
 */
export function toWeftMessage(
  content: readonly AiSdkContentPart[],
  usage: AiSdkUsage | undefined,
  finishReason?: AiSdkFinishReason,
  response?: AiSdkResponseMetadata,
): Message {
  const parts: ContentPart[] = [];
  const toolCalls: ToolCall[] = [];
  for (const part of content) {
    if (!isReadPart<AiSdkReadContentPart>(part, READ)) continue;
    if (part.type === 'text') appendText(parts, part.text);
    else if (part.type === 'reasoning') parts.push({ type: 'reasoning', text: part.text });
    else if (part.type === 'file') parts.push(toWeftFile(part.mediaType, part.data));
    // Provider-executed tools (web search and the like) already ran; Weft must not run them again.
    else if (part.type === 'tool-call' && !part.providerExecuted)
      toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
  }
  const onlyText = parts.every((p) => p.type === 'text');
  const message: Message = { role: 'assistant', content: onlyText ? parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : parts };
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

/** Text after text joins the same part: a provider may split one answer in several. */
function appendText(parts: ContentPart[], text: string): void {
  const last = parts.at(-1);
  if (last?.type === 'text') last.text += text;
  else parts.push({ type: 'text', text });
}

/** A generated file as a Weft part by its media type: an image, audio, or another file. Base64 text becomes bytes. */
function toWeftFile(mediaType: string, file: AiSdkFile['data']): ContentPart {
  if (typeof file === 'object' && 'type' in file && file.type === 'url') {
    const url = file.url.href;
    return mediaType.startsWith('image/') ? { type: 'image', mediaType, url } : { type: 'file', mediaType, url };
  }
  const data = typeof file === 'object' && 'type' in file ? file.data : file;
  const bytes = typeof data === 'string' ? new Uint8Array(Buffer.from(data, 'base64')) : data;
  if (mediaType.startsWith('image/')) return { type: 'image', mediaType, data: bytes };
  if (mediaType.startsWith('audio/')) return { type: 'audio', mediaType, data: bytes };
  return { type: 'file', mediaType, data: bytes };
}
