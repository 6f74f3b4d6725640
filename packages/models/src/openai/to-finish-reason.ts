import type { FinishReason } from '@weft/chat-model';

/**
 * A Chat Completions `finish_reason` in Weft's words; `undefined` while the
 * answer goes on (stream chunks carry `null` until the last one). Reasons
 * outside OpenAI's list (other servers add their own) are `'other'`.
 */
export function toFinishReason(reason: unknown): FinishReason | undefined {
  switch (reason) {
    case null:
    case undefined:
      return undefined;
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call': // the deprecated functions API
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    case 'error':
      return 'error';
    default:
      return 'other';
  }
}
