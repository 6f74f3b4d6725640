import { partsOf, textOf, userMessage, type ContentPart, type Message } from '@weft/chat-model';
import type { RecordedEvent } from './recorded-event.ts';

/**
 * Turns the events recorded before an agent started into the messages it sees.
 * Users pass their own as `historyRewriter` to replace {@link rewriteHistory}.
 */
export type HistoryRewriter = (agentName: string, events: readonly RecordedEvent[]) => Message[];

// The tool every transferring agent gets; only its calls are dropped from a mixed turn.
const TRANSFER_TOOL = 'transfer_to_agent';

/**
 * What `agentName` sees of the run's history. Its own messages stay as they are
 * (as copies); another agent's turns become user messages starting with
 * `For context:`, so the model reads them as facts about someone else rather
 * than as things it said or did itself.
 *
 * @example
 * rewriteHistory('Child', [{ agentName: 'Parent', runPath: ['Parent'], message: assistantMessage('hi') }]);
 * // → [{ role: 'user', content: 'For context: [Parent] said: hi.' }]
 */
export function rewriteHistory(
  agentName: string,
  events: readonly RecordedEvent[],
  options?: { skipTransferMessages?: boolean },
): Message[] {
  return rewriteInto([], agentName, events, 0, events.length, options?.skipTransferMessages === true);
}

/** {@link rewriteHistory} of `events[from, to)`, pushed onto `out` (one array for the whole model input). */
export function rewriteInto(
  out: Message[],
  agentName: string,
  events: readonly RecordedEvent[],
  from: number,
  to: number,
  skipTransferMessages: boolean,
): Message[] {
  for (let i = from; i < to; i++) {
    const event = events[i]!;
    const message = skipTransferMessages && event.transfer ? withoutTransfer(event.message) : event.message;
    if (message === undefined) continue;
    const rewritten =
      event.agentName === agentName
        ? copyMessage(message)
        : message === event.message
          ? contextOf(event, message)
          : asContext(event.agentName, message);
    if (rewritten !== undefined) out.push(rewritten);
  }
  return out;
}

/**
 * A transfer event minus the transfer: its tool result goes entirely, and so does
 * an assistant turn that only transferred; a turn that also said something or
 * called other tools keeps those.
 */
function withoutTransfer(message: Message): Message | undefined {
  if (message.role !== 'assistant') return undefined;
  const { toolCalls: _all, ...rest } = message;
  const toolCalls = (message.toolCalls ?? []).filter((call) => call.name !== TRANSFER_TOOL);
  if (toolCalls.length > 0) return { ...rest, toolCalls };
  return partsOf(rest.content).length === 0 ? undefined : rest;
}

/**
 * What others see of a recorded event, made once per event: every later model
 * call of every other agent sends it again, and building the text each time
 * made a shared history cost O(history) string work per call. Only for a
 * frozen event (a run's recorded events are), since the answer is kept and
 * shared: it is frozen too.
 */
const seen = new WeakMap<RecordedEvent, Message | null>();
function contextOf(event: RecordedEvent, message: Message): Message | undefined {
  // A user or system message costs nothing to pass on (or drop): a lookup would cost more.
  if ((message.role !== 'assistant' && message.role !== 'tool') || !Object.isFrozen(event)) return asContext(event.agentName, message);
  let known = seen.get(event);
  if (known === undefined) {
    const made = asContext(event.agentName, message);
    known = made === undefined ? null : Object.freeze(made);
    seen.set(event, known);
  }
  return known ?? undefined;
}

/** Another agent's message as the current agent sees it, or undefined when it sees nothing of it. */
function asContext(author: string, message: Message): Message | undefined {
  switch (message.role) {
    case 'system':
      return undefined;
    // Already someone else's words from the model's point of view.
    case 'user':
      return copyMessage(message);
    case 'assistant': {
      const sentences: string[] = [];
      const text = textOf(message);
      const media = mediaOf(message);
      if (text !== '') sentences.push(endSentence(`[${author}] said: ${text}`));
      else if (media.length) sentences.push(`[${author}] shared:`);
      for (const call of message.toolCalls ?? []) {
        sentences.push(`[${author}] called tool: \`${call.name}\` with arguments: ${call.arguments}.`);
      }
      return sentences.length === 0 ? undefined : withMedia(`For context: ${sentences.join(' ')}`, media);
    }
    case 'tool': {
      const text = textOf(message);
      const media = mediaOf(message);
      const head = `For context: [${author}] \`${message.name ?? ''}\` tool returned`;
      return withMedia(text === '' && media.length ? `${head}:` : endSentence(`${head} result: ${text}`), media);
    }
  }
}

/**
 * The images, files and audio of a message: passed on as parts, so another
 * agent sees the picture itself rather than a sentence about it. Reasoning is
 * the author's own thinking and stays with it.
 */
function mediaOf(message: Message): ContentPart[] {
  if (typeof message.content === 'string') return [];
  return message.content.filter((part) => part.type !== 'text' && part.type !== 'reasoning');
}

/** The context sentence as a user message: text alone, or a text part followed by the media. */
function withMedia(text: string, media: ContentPart[]): Message {
  return userMessage(media.length ? [{ type: 'text', text }, ...media] : text);
}

/**
 * Ends a sentence with a period, unless the text already ends one (`.`, `!`,
 * `?`, `…`, before any trailing spaces). By char codes, not a regex: this runs
 * for every other agent's message on every model call.
 */
function endSentence(text: string): string {
  let i = text.length - 1;
  while (i >= 0 && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x0a || text.charCodeAt(i) === 0x09)) i--;
  const c = text.charCodeAt(i);
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026 ? text : `${text}.`;
}

// Callers may mutate what they get (append, edit), so nothing mutable is shared with the recorded
// events. A run's recorded messages are deeply frozen, so those are passed on as they are (no copy).
function copyMessage(message: Message): Message {
  if (Object.isFrozen(message)) return message;
  const copy: Message = { ...message };
  if (message.toolCalls) copy.toolCalls = message.toolCalls.map((call) => ({ ...call }));
  if (message.usage) copy.usage = { ...message.usage };
  return copy;
}
