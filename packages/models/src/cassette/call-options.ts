import type { ModelCallOptions } from '@weft/chat-model';

/**
 * Complete call options for callers (tests) that leave some out: no tools
 * and a signal that never aborts by default; every other option (the output,
 * cache marks, …) is passed on to the inner model as it came.
 */
export function callOptions(options: Partial<ModelCallOptions>): ModelCallOptions {
  return { ...options, tools: options.tools ?? [], signal: options.signal ?? new AbortController().signal };
}
