import type { ModelCallOptions } from '@weft/chat-model';

/** Complete call options for callers (tests) that leave some out: no tools, a signal that never aborts, the output if asked for. */
export function callOptions(options: Partial<ModelCallOptions>): ModelCallOptions {
  const call: ModelCallOptions = { tools: options.tools ?? [], signal: options.signal ?? new AbortController().signal };
  if (options.output !== undefined) call.output = options.output;
  return call;
}
