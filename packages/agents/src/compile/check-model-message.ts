import type { ContentPart, Message, ResponseInfo, ToolCall } from '@weft/chat-model';

/**
 * Checks what a model returned; returns a description of the problem, or the
 * message normalised: tool calls without an id (or with a repeated one) get
 * `call_<iteration>_<index>`, so every call of a turn is its own task. Only
 * the fields of a Message are kept (the history holds them).
 */
export function checkModelMessage(message: unknown, iteration: number): Message | string {
  if (message === null || typeof message !== 'object') return `${message === null ? 'null' : typeof message} instead of a message`;
  const m = message as Partial<Message>;
  if (typeof m.content !== 'string' && !isPartList(m.content)) return 'a message without text content or a list of content parts';
  if (m.toolCalls !== undefined && !Array.isArray(m.toolCalls)) return 'toolCalls that are not a list';
  const seen = new Set<string>();
  const calls: ToolCall[] = [];
  for (const [i, c] of (m.toolCalls ?? []).entries()) {
    if (c === null || typeof c !== 'object' || typeof c.name !== 'string' || typeof c.arguments !== 'string') {
      return `tool call ${i} without a string name and string (JSON) arguments`;
    }
    const id = typeof c.id === 'string' && c.id && !seen.has(c.id) ? c.id : `call_${iteration}_${i}`;
    seen.add(id);
    calls.push({ id, name: c.name, arguments: c.arguments });
  }
  const out: Message = { role: 'assistant', content: m.content };
  if (calls.length) out.toolCalls = calls;
  if (m.usage) out.usage = m.usage;
  if (m.finishReason) out.finishReason = m.finishReason;
  const response = responseInfo(m.response);
  if (response) out.response = response;
  return out;
}

/** A list whose items each have a string `type`: content parts (the model's adapter made them; their fields are its business). */
function isPartList(content: unknown): content is ContentPart[] {
  return (
    Array.isArray(content) &&
    content.every((p: unknown) => p !== null && typeof p === 'object' && typeof (p as { type?: unknown }).type === 'string')
  );
}

/** The response id and model, as two strings at most: whatever else a model put there stays out of the history. */
function responseInfo(response: unknown): ResponseInfo | undefined {
  if (response === null || typeof response !== 'object') return undefined;
  const { id, model } = response as { id?: unknown; model?: unknown };
  if (typeof id !== 'string' && typeof model !== 'string') return undefined;
  return { ...(typeof id === 'string' ? { id } : {}), ...(typeof model === 'string' ? { model } : {}) };
}
