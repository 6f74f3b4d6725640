import type { FinishReason } from '@weft/chat-model';
import type { AiSdkFinishReason } from './ai-sdk-language-model.ts';

/**
 * An AI SDK finish reason (v2's string, v3/v4's `unified`) in Weft's words.
 * The AI SDK's reasons are Weft's, but for `'unknown'` (v2: the provider did
 * not say) and `'interrupted'` (v4: the stream ended without a finish signal,
 * so the answer may be incomplete), which become `'other'`, as does anything new.
 */
export function toWeftFinishReason(reason: AiSdkFinishReason | undefined): FinishReason | undefined {
  const unified = typeof reason === 'object' && reason !== null ? reason.unified : reason;
  switch (unified) {
    case undefined:
      return undefined;
    case 'stop':
    case 'length':
    case 'tool-calls':
    case 'content-filter':
    case 'error':
    case 'other':
      return unified;
    default:
      return 'other';
  }
}
