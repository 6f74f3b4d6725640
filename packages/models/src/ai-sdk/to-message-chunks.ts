import type { MessageChunk, ResponseInfo } from '@weft/chat-model';
import { ModelError } from '../errors.ts';
import { isReadPart, type AiSdkReadStreamPart, type AiSdkResponseMetadata, type AiSdkStreamPart } from './ai-sdk-language-model.ts';
import { toModelError } from './to-model-error.ts';
import { toWeftFinishReason } from './to-weft-finish-reason.ts';
import { toResponseInfo, toWeftUsage } from './to-weft-message.ts';

const READ: Record<AiSdkReadStreamPart['type'], true> = {
  'text-delta': true,
  'reasoning-delta': true,
  'tool-input-start': true,
  'tool-input-delta': true,
  'tool-call': true,
  'response-metadata': true,
  finish: true,
  error: true,
};

interface StreamContext {
  modelName: string;
  signal: AbortSignal;
}

/**
 * An AI SDK stream as Weft message chunks. Tool calls get indexes in order of
 * appearance: the first piece carries id and name, later pieces argument text.
 * A provider that only sends complete `tool-call` parts gets one piece with
 * all the arguments; one that streamed the input is not repeated by its
 * closing `tool-call` part. The response's id and model id (a
 * `response-metadata` part) go on the next chunk, or alone at the end.
 */
export async function* toMessageChunks(stream: ReadableStream<AiSdkStreamPart>, context: StreamContext): AsyncGenerator<MessageChunk> {
  const calls = new Map<string, { index: number; streamed: boolean }>();
  const reader = stream.getReader();
  let done = false;
  let response: ResponseInfo | undefined;
  try {
    while (!done) {
      if (context.signal.aborted)
        throw new ModelError('MODEL_ABORTED', `${context.modelName}: the call was aborted`, { cause: context.signal.reason });
      const next = await reader.read();
      done = next.done;
      if (next.done) break;
      if (next.value.type === 'response-metadata') {
        response = toResponseInfo(next.value as AiSdkResponseMetadata) ?? response;
        continue;
      }
      const chunk = toChunk(next.value, calls, context);
      if (!chunk) continue;
      yield response ? { ...chunk, response } : chunk;
      response = undefined;
    }
    if (response) yield { response };
  } finally {
    // Stop the provider's request when the consumer stops early or a part failed.
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function toChunk(
  part: AiSdkStreamPart,
  calls: Map<string, { index: number; streamed: boolean }>,
  context: StreamContext,
): MessageChunk | undefined {
  if (!isReadPart<AiSdkReadStreamPart>(part, READ)) return undefined; // reasoning, sources, metadata, …
  switch (part.type) {
    case 'text-delta':
      return part.delta ? { content: part.delta } : undefined;
    case 'reasoning-delta':
      return part.delta ? { reasoning: part.delta } : undefined;
    case 'tool-input-start': {
      if (part.providerExecuted) return undefined;
      const index = calls.size;
      calls.set(part.id, { index, streamed: false });
      return { toolCalls: [{ index, id: part.id, name: part.toolName }] };
    }
    case 'tool-input-delta': {
      const call = calls.get(part.id);
      if (!call || !part.delta) return undefined;
      call.streamed = true;
      return { toolCalls: [{ index: call.index, arguments: part.delta }] };
    }
    case 'tool-call': {
      if (part.providerExecuted) return undefined;
      const call = calls.get(part.toolCallId);
      if (call?.streamed) return undefined;
      if (call) return part.input ? { toolCalls: [{ index: call.index, arguments: part.input }] } : undefined;
      const index = calls.size;
      calls.set(part.toolCallId, { index, streamed: true });
      return { toolCalls: [{ index, id: part.toolCallId, name: part.toolName, arguments: part.input }] };
    }
    case 'finish': {
      const chunk: MessageChunk = {};
      const usage = toWeftUsage(part.usage);
      if (usage) chunk.usage = usage;
      const finishReason = toWeftFinishReason(part.finishReason);
      if (finishReason) chunk.finishReason = finishReason;
      return usage || finishReason ? chunk : undefined;
    }
    case 'response-metadata':
      return undefined; // toMessageChunks puts it on the next chunk
    case 'error':
      throw toModelError(part.error, context.modelName, context.signal, 'MODEL_SERVER_ERROR');
  }
}
