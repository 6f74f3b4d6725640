import type { ModelCallOptions } from '@weft/chat-model';

/**
 * A model call's options with the prompt-cache marks of cacheHint.
 *
 * @deprecated `cacheBreakpoints` is part of `ModelCallOptions` itself (in
 * @weft/chat-model), where every model reads it; use that type.
 */
export type CacheHintedOptions = ModelCallOptions;
