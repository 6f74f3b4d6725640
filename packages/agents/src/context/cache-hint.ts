import type { ContextPolicy } from './context-policy.ts';

/**
 * A policy that marks the stable prefix of the input for providers with
 * prompt caching: a breakpoint at the last system message and one at the
 * message before the newest turn, so the next call re-reads everything up to
 * there from the provider's cache. The model gets them as `cacheBreakpoints`
 * in its call options (`ModelCallOptions`, indices into the messages):
 * `aiSdkModel` puts Anthropic's `cacheControl` and Bedrock's `cachePoint` on
 * those messages; a model that does not cache ignores them, and OpenAI caches
 * shared prefixes without being told. Put it last: a later policy that
 * changes the messages drops the marks.
 *
 * @example
 * chatModelAgent({ name: 'Helper', description: '', model, context: [trimToTokens(100_000), cacheHint()] });
 */
export function cacheHint(): ContextPolicy {
  return (window) => {
    const { messages } = window;
    const marks = new Set<number>();
    let system = -1;
    messages.forEach((m, i) => {
      if (m.role === 'system') system = i;
    });
    if (system >= 0) marks.add(system);
    // The newest turn starts at the last user message (or tool results): everything before it was sent last time too.
    let last = messages.length - 1;
    while (last > 0 && messages[last]!.role === 'tool') last--;
    if (last - 1 > system) marks.add(last - 1);
    return { ...window, cacheBreakpoints: [...marks].sort((a, b) => a - b) };
  };
}
