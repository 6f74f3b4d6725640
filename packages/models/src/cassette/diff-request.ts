import { isDeepStrictEqual } from 'node:util';
import type { Message, OutputSpec, ToolCall } from '@weft/chat-model';
import { sha256 } from './cassette-bytes.ts';
import type { CassetteRequest } from './cassette-entry.ts';

/** Strings longer than this are shown as a window around their first difference. */
const LONG = 160;
const OPTIONAL_FIELDS = ['toolCallId', 'name', 'usage', 'finishReason', 'response'] as const;

/** How many leading messages two requests share. */
export function leadingEqual(a: CassetteRequest, b: CassetteRequest): number {
  let n = 0;
  while (n < a.messages.length && n < b.messages.length && isDeepStrictEqual(a.messages[n], b.messages[n])) n++;
  return n;
}

/**
 * A readable diff of two requests, as lines: the first differing message field
 * by field (`- recorded`, `+ actual`, unchanged fields indented), or, when the
 * messages are equal, the tools added, removed or changed, or, when those are
 * equal too, the structured output asked for.
 */
export function diffRequests(recorded: CassetteRequest, actual: CassetteRequest): string[] {
  const index = leadingEqual(recorded, actual);
  if (index < recorded.messages.length || index < actual.messages.length) {
    return [`first differing message: ${index} (- recorded, + actual)`, ...diffMessages(recorded.messages[index], actual.messages[index])];
  }
  if (!isDeepStrictEqual(recorded.tools, actual.tools))
    return [`all ${index} messages are equal; tools differ: ${diffTools(recorded.tools, actual.tools)}`];
  return [
    `all ${index} messages and the tools are equal; the structured output differs (- recorded, + actual)`,
    `  - output: ${showOutput(recorded.output)}`,
    `  + output: ${showOutput(actual.output)}`,
  ];
}

function showOutput(output: OutputSpec | undefined): string {
  if (!output) return 'none';
  const schema = JSON.stringify(output.schema);
  return `${output.name}${output.description === undefined ? '' : ` (${JSON.stringify(output.description)})`} ${schema.length > LONG ? `${schema.slice(0, LONG)}…` : schema}`;
}

function diffMessages(recorded: Message | undefined, actual: Message | undefined): string[] {
  if (!recorded || !actual) {
    const side = (message: Message | undefined, sign: string) =>
      message ? messageFields(message, message).map(([key, value]) => `  ${sign} ${key}: ${value}`) : [`  ${sign} (no message)`];
    return [...side(recorded, '-'), ...side(actual, '+')];
  }
  const mine = new Map(messageFields(recorded, actual));
  return messageFields(actual, recorded).flatMap(([key, value]) => {
    const before = mine.get(key) ?? 'none';
    if (before === value) return [`    ${key}: ${value}`];
    const [a, b] =
      key === 'content' && typeof recorded.content === 'string' && typeof actual.content === 'string'
        ? excerpts(recorded.content, actual.content)
        : [before, value];
    return [`  - ${key}: ${a}`, `  + ${key}: ${b}`];
  });
}

/** role, content and toolCalls always; the optional fields when either message has them. */
function messageFields(message: Message, other: Message): [string, string][] {
  const fields: [string, string][] = [
    ['role', JSON.stringify(message.role)],
    ['content', showContent(message.content)],
    ['toolCalls', message.toolCalls?.length ? message.toolCalls.map(showCall).join(', ') : 'none'],
  ];
  for (const key of OPTIONAL_FIELDS) {
    if (message[key] !== undefined || other[key] !== undefined) fields.push([key, JSON.stringify(message[key]) ?? 'none']);
  }
  return fields;
}

function showCall(call: ToolCall): string {
  return `[${call.id}] ${call.name}(${call.arguments})`;
}

/** Long texts as a window from a little before their first difference, so the difference is on screen. */
function excerpts(a: string, b: string): [string, string] {
  if (a.length <= LONG && b.length <= LONG) return [JSON.stringify(a), JSON.stringify(b)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const start = Math.max(0, at - 40);
  const show = (s: string) =>
    `${start > 0 ? '…' : ''}${JSON.stringify(s.slice(start, start + LONG))}${s.length > start + LONG ? '…' : ''} (${s.length} chars, differs at ${at})`;
  return [show(a), show(b)];
}

function diffTools(recorded: CassetteRequest['tools'], actual: CassetteRequest['tools']): string {
  const before = new Map(recorded.map((t) => [t.name, t]));
  const after = new Map(actual.map((t) => [t.name, t]));
  const added = actual.filter((t) => !before.has(t.name)).map((t) => t.name);
  const removed = recorded.filter((t) => !after.has(t.name)).map((t) => t.name);
  const changed = actual.filter((t) => before.has(t.name) && !isDeepStrictEqual(before.get(t.name), t)).map((t) => t.name);
  const parts = [`added ${added.join(', ') || 'none'}`, `removed ${removed.join(', ') || 'none'}`];
  if (changed.length) parts.push(`changed ${changed.join(', ')} (description or parameters)`);
  if (!added.length && !removed.length && !changed.length) parts.push('same tools in another order');
  return parts.join('; ');
}

/** Text as JSON; parts as JSON with each byte string as its length and sha-256 prefix (a diff of base64 says nothing). */
function showContent(content: Message['content']): string {
  return JSON.stringify(content, (_key, v: unknown) =>
    v instanceof Uint8Array ? `<${v.byteLength} bytes, sha-256 ${sha256(v).slice(0, 12)}>` : v,
  );
}
