import type { ModelCallOptions } from '@weft/chat-model';

/** Complete call options for callers (tests) that leave some out: no tools, a signal that never aborts. */
export function callOptions(options: Partial<ModelCallOptions>): ModelCallOptions {
  return { tools: options.tools ?? [], signal: options.signal ?? new AbortController().signal };
}
