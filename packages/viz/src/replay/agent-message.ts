/** One agent event as the replay panel lists it: who said what, which tools it called, where it handed over. */
export interface AgentMessage {
  /** The node that emitted it (a VizNode id). */
  node: string;
  agentName: string;
  role: string;
  /** The message's text: a string content, or the text parts of a list joined (reasoning left out). */
  content: string;
  /**
   * The images, files and audio of a list content, in order, as the log has
   * them (bytes included): the page turns them into thumbnails and labels.
   */
  parts?: unknown[];
  toolName?: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  transferTo?: string;
  exit?: boolean;
  /** How many interrupts the agent stopped on. */
  interrupts?: number;
  error?: { code: string; message: string };
}

/** The channel agent events travel on (@weft/agents' `agentEvents`). */
const AGENT_CHANNEL = 'weft.agent';
/** Where logs written before agent events had a channel carried them: `data["weft.agentEvent"]`. */
const OLD_AGENT_EVENT_KEY = 'weft.agentEvent';

/**
 * Reads the agent event a `node.custom` event carries: its data, when it was
 * published on the `weft.agent` channel (or, in an older log,
 * `data["weft.agentEvent"]`). Read structurally, field by field: @weft/viz
 * does not depend on @weft/agents, and a log is untrusted input. Streamed
 * chunks are skipped (the whole message follows).
 */
export function agentMessage(node: string, custom: { channel?: unknown; data: unknown }): AgentMessage | undefined {
  const event = custom.channel === AGENT_CHANNEL ? custom.data : field(custom.data, OLD_AGENT_EVENT_KEY);
  const agentName = field(event, 'agentName');
  if (typeof agentName !== 'string') return undefined;
  const output = field(event, 'output');
  const message = field(output, 'message');
  const action = field(event, 'action');
  const error = field(event, 'error');
  const out: AgentMessage = {
    node,
    agentName,
    role: text(field(message, 'role') ?? field(output, 'role') ?? (error ? 'error' : 'action')),
    content: contentText(field(message, 'content')),
    toolCalls: toolCalls(field(message, 'toolCalls')),
  };
  const media = mediaParts(field(message, 'content'));
  if (media.length > 0) out.parts = media;
  const toolName = field(output, 'toolName');
  if (typeof toolName === 'string') out.toolName = toolName;
  const dest = field(field(action, 'transferToAgent'), 'destAgentName');
  if (typeof dest === 'string') out.transferTo = dest;
  if (field(action, 'exit') === true) out.exit = true;
  const interrupts = field(field(action, 'interrupted'), 'interrupts');
  if (Array.isArray(interrupts)) out.interrupts = interrupts.length;
  if (error !== undefined) out.error = { code: text(field(error, 'code') ?? 'ERROR'), message: text(field(error, 'message') ?? '') };
  const empty = !message && out.transferTo === undefined && !out.exit && out.interrupts === undefined && !out.error;
  return empty ? undefined : out;
}

function toolCalls(value: unknown): AgentMessage['toolCalls'] {
  if (!Array.isArray(value)) return [];
  return value.map((call) => ({
    id: text(field(call, 'id') ?? ''),
    name: text(field(call, 'name') ?? ''),
    arguments: text(field(call, 'arguments') ?? ''),
  }));
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The types of content parts that carry media rather than text. */
const MEDIA_TYPES = new Set(['image', 'file', 'audio']);

/** A string content as it is; a list of parts as its text parts joined; anything else as JSON. */
function contentText(content: unknown): string {
  if (content === undefined) return '';
  if (!Array.isArray(content)) return text(content);
  return content
    .filter((part) => field(part, 'type') === 'text')
    .map((part) => field(part, 'text'))
    .filter((t): t is string => typeof t === 'string')
    .join('');
}

/** The image, file and audio parts of a list content. */
function mediaParts(content: unknown): unknown[] {
  return Array.isArray(content) ? content.filter((part) => MEDIA_TYPES.has(field(part, 'type') as string)) : [];
}

/** Anything else (numbers, objects) is shown as JSON. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
