import type { ModelCallOptions } from '@weft/chat-model';

/**
 * A model call's options with the prompt-cache marks of cacheHint: indices
 * of the messages that end a prefix the provider may cache (Anthropic's and
 * Bedrock's cache points). A model that caches reads them; any other ignores
 * them.
 */
export interface CacheHintedOptions extends ModelCallOptions {
  cacheBreakpoints?: readonly number[];
}
