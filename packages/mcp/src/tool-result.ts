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
 * has some (sent as JSON), else its content as text. Text blocks are kept as
 * they are; images, audio and resources become short readable references
 * (their bytes never reach the model as text). An `isError` result is an
 * MCP_TOOL_ERROR with the server's text: the model gets it as a tool error.
 */
export function toolResultValue(result: CallResult, tool: string): unknown {
  if (result.isError) {
    const text = textOf(result.content ?? []) || 'the tool reported an error without a message';
    throw new McpError('MCP_TOOL_ERROR', text, { details: { tool } });
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (result.content === undefined && result.toolResult !== undefined) return result.toolResult;
  return textOf(result.content ?? []);
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
