import { toolContent, type ContentPart } from '@weft/agents';
import { McpError } from './errors.ts';

/** One content block of a tool result, as MCP defines them (only the fields read here). */
interface ContentBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

/** A `tools/call` result (only the fields read here). */
export interface CallResult {
  content?: readonly ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  /** The 2024 protocol's form of a result. */
  toolResult?: unknown;
}

/**
 * What the model gets for a tool's result: its structured content when it
 * has some (sent as JSON), else its content. Content of text alone is text;
 * with an image, audio or an embedded binary resource it is content parts
 * (`toolContent`), so the model sees the image itself rather than a line
 * about it; a resource link or an embedded text resource stays a short
 * readable reference. An `isError` result is an MCP_TOOL_ERROR with the
 * server's text: the model gets it as a tool error.
 */
export function toolResultValue(result: CallResult, tool: string): unknown {
  if (result.isError) {
    const text = textOf(result.content ?? []) || 'the tool reported an error without a message';
    throw new McpError('MCP_TOOL_ERROR', text, { details: { tool } });
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (result.content === undefined && result.toolResult !== undefined) return result.toolResult;
  const blocks = result.content ?? [];
  return blocks.some(isBinary) ? toolContent(joinText(blocks.map(toPart))) : textOf(blocks);
}

/** An image, audio or embedded binary resource: bytes the model can take as a part. */
const isBinary = (b: ContentBlock): boolean =>
  ((b.type === 'image' || b.type === 'audio') && typeof b.data === 'string') ||
  (b.type === 'resource' && typeof b.resource?.blob === 'string');

function toPart(b: ContentBlock): ContentPart {
  const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
  if (b.type === 'image' && b.data !== undefined) return { type: 'image', mediaType: b.mimeType ?? 'image/*', data: bytes(b.data) };
  if (b.type === 'audio' && b.data !== undefined) return { type: 'audio', mediaType: b.mimeType ?? 'audio/*', data: bytes(b.data) };
  const r = b.resource;
  if (b.type === 'resource' && r?.blob !== undefined) {
    const name = r.uri?.split('/').pop();
    const file: ContentPart = { type: 'file', mediaType: r.mimeType ?? 'application/octet-stream', data: bytes(r.blob) };
    return name ? { ...file, name } : file;
  }
  return { type: 'text', text: blockText(b) };
}

/** Text blocks next to each other become one text part, joined by a newline as the text form joins them. */
function joinText(parts: ContentPart[]): ContentPart[] {
  const out: ContentPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (part.type === 'text' && last?.type === 'text') last.text += `\n${part.text}`;
    else out.push(part.type === 'text' ? { ...part } : part);
  }
  return out;
}

function textOf(blocks: readonly ContentBlock[]): string {
  return blocks.map(blockText).join('\n');
}

function blockText(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text ?? '';
    case 'image':
    case 'audio':
      return `[${b.type} ${b.mimeType ?? 'of unknown type'}, ${sizeOf(b.data)}]`;
    case 'resource_link':
      return `[resource ${b.uri ?? '?'}${b.name ? ` "${b.name}"` : ''}${b.mimeType ? `, ${b.mimeType}` : ''}]`;
    case 'resource': {
      const r = b.resource ?? {};
      const head = `[resource ${r.uri ?? '?'}${r.mimeType ? `, ${r.mimeType}` : ''}`;
      return r.text !== undefined ? `${head}]\n${r.text}` : `${head}, ${sizeOf(r.blob)}]`;
    }
    default:
      return `[${b.type} content]`;
  }
}

/** The decoded size of base64 data, as people read it. */
function sizeOf(base64: string | undefined): string {
  const bytes = base64 ? Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) : 0;
  return `${bytes.toLocaleString('en-US')} bytes`;
}
