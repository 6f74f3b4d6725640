import { conventionParts, type ConventionPart } from './convention-parts.ts';

/** An assistant message as the model node outputs it (the fields of @weft/chat-model's Message this package reads). */
export interface AnswerMessage {
  content?: unknown;
  toolCalls?: { id?: unknown; name?: unknown; arguments?: unknown }[];
  finishReason?: unknown;
}

type Part = ConventionPart | { type: 'tool_call'; id: string; name: string; arguments: unknown };

/**
 * Weft's finish reasons in the conventions' words (the values OpenAI-style
 * APIs report, which the conventions' examples use): `tool-calls` is
 * `tool_calls`, `content-filter` is `content_filter`; the rest are the same.
 */
export function conventionFinishReason(reason: string): string {
  return reason.replace(/-/g, '_');
}

/**
 * A model's answer as `gen_ai.output.messages`: one output message (one
 * choice) with its parts (`text`, then each `tool_call` with its arguments
 * as an object) and its finish reason, as JSON text (OpenTelemetry JS has
 * no structured attribute values). The finish reason is required there: a
 * model that did not report one stopped for its tool calls or at a natural end.
 */
export function outputMessages(message: AnswerMessage): string {
  const parts: Part[] = conventionParts(message.content);
  for (const call of message.toolCalls ?? [])
    parts.push({ type: 'tool_call', id: String(call.id), name: String(call.name), arguments: jsonValue(call.arguments) });
  const reported = typeof message.finishReason === 'string' ? message.finishReason : undefined;
  const finish = reported ?? (message.toolCalls?.length ? 'tool-calls' : 'stop');
  return JSON.stringify([{ role: 'assistant', parts, finish_reason: conventionFinishReason(finish) }]);
}

/**
 * A tool's arguments or result as the conventions want them: an object,
 * deserialized from the text when it is JSON, else the text itself, then
 * written as JSON text.
 */
export function asJson(value: unknown): string {
  return JSON.stringify(jsonValue(value)) ?? 'null';
}

/** Text that is JSON as its value; any other value (or text) as it is. */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
