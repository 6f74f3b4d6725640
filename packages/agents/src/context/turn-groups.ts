import type { Message } from '@weft/chat-model';

/**
 * The message list cut into groups that go or stay together: an assistant
 * message with tool calls and the tool messages right after it that answer
 * those calls form one group; every other message is a group of its own.
 * Returned as `[start, end)` index pairs, in order, covering the whole list.
 * Providers refuse a tool result without its call and a call without its
 * results, so a policy that leaves messages out does it group by group.
 *
 * @example
 * turnGroups([userMessage('hi'), assistantMessage('', [call]), toolMessage('42', call.id, call.name), assistantMessage('42')]);
 * // [[0, 1], [1, 3], [3, 4]]
 */
export function turnGroups(messages: readonly Message[]): Array<[number, number]> {
  const groups: Array<[number, number]> = [];
  let i = 0;
  while (i < messages.length) {
    const start = i;
    const calls = messages[i]!.role === 'assistant' ? (messages[i]!.toolCalls ?? []) : [];
    i++;
    if (calls.length) {
      const ids = new Set(calls.map((c) => c.id));
      while (i < messages.length && messages[i]!.role === 'tool' && ids.has(messages[i]!.toolCallId ?? '')) i++;
    }
    groups.push([start, i]);
  }
  return groups;
}
