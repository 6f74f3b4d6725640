import type { Message } from '@weft/agents';
import { contentText, conventionParts, type ConventionPart } from './convention-parts.ts';
import { jsonValue } from './output-messages.ts';

type Part =
  | ConventionPart
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: unknown };

/**
 * The messages a model call sent, as `gen_ai.input.messages`: each with its
 * role and parts, in the order sent, as JSON text. A Weft agent sends its
 * instruction as the leading system message of the chat history, so it is
 * here as a `system` message (the conventions keep
 * `gen_ai.system_instructions` for instructions passed apart from the
 * history). An assistant turn is its text (when it has any) and a
 * `tool_call` per call, arguments as an object; a tool result is a
 * `tool_call_response` with the call's id, the result's JSON value when it
 * is JSON, else its text.
 */
export function inputMessages(messages: readonly Message[]): string {
  return JSON.stringify(messages.map((m) => ({ role: m.role, parts: parts(m) })));
}

function parts(message: Message): Part[] {
  if (message.role === 'tool')
    return [{ type: 'tool_call_response', id: message.toolCallId ?? '', response: jsonValue(contentText(message.content)) }];
  const calls = message.role === 'assistant' ? (message.toolCalls ?? []) : [];
  const content = conventionParts(message.content);
  const text: Part[] = calls.length || content.length ? content : [{ type: 'text', content: '' }];
  return [...text, ...calls.map((c): Part => ({ type: 'tool_call', id: c.id, name: c.name, arguments: jsonValue(c.arguments) }))];
}
