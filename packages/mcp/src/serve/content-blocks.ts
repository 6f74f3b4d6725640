import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import type { ContentPart } from '@weft/agents';

/**
 * An answer's content parts as MCP content blocks, or undefined when it has
 * no image, audio or file (its text alone is then the answer, as before):
 * text as text; image and audio bytes as image and audio content (base64);
 * a file's bytes as an embedded resource with a `blob`, named by a `weft:`
 * URI under `base` (MCP requires a URI; the part's index and file name make
 * it); an image or file given by URL as a resource link to it, a `data:` URL
 * as the bytes it holds. Reasoning is the model's, not the answer: left out.
 *
 * @example
 * contentBlocks([{ type: 'text', text: 'The chart:' }, { type: 'image', mediaType: 'image/png', data: png }], 'weft:charts/output');
 * // [{ type: 'text', text: 'The chart:' }, { type: 'image', mimeType: 'image/png', data: 'iVBORw0…' }]
 */
export function contentBlocks(parts: readonly ContentPart[] | undefined, base: string): ContentBlock[] | undefined {
  if (!parts?.some((p) => p.type === 'image' || p.type === 'audio' || p.type === 'file')) return undefined;
  return parts.flatMap((part, index): ContentBlock[] => {
    switch (part.type) {
      case 'reasoning':
        return [];
      case 'text':
        return [{ type: 'text', text: part.text }];
      case 'audio':
        return [{ type: 'audio', mimeType: part.mediaType, data: base64(part.data) }];
      case 'image':
      case 'file': {
        const held = 'data' in part ? { mediaType: part.mediaType, data: part.data } : dataUrl(part.url);
        const name = part.type === 'file' ? part.name : undefined;
        if (held === undefined) return [resourceLink('url' in part ? part.url : '', name, part.mediaType)];
        const mediaType = part.mediaType ?? held.mediaType ?? 'application/octet-stream';
        if (part.type === 'image') return [{ type: 'image', mimeType: mediaType, data: base64(held.data) }];
        const uri = `${base}/${index}${name ? `/${encodeURIComponent(name)}` : ''}`;
        return [{ type: 'resource', resource: { uri, mimeType: mediaType, blob: base64(held.data) } }];
      }
    }
  });
}

/** Bytes as base64, read in place (a Buffer from a checkpoint may be a view on a larger one). */
const base64 = (data: Uint8Array): string => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

/** A link to media by URL, named by the part's file name, else the URL's last path segment, else its host. */
function resourceLink(url: string, name: string | undefined, mediaType: string | undefined): ContentBlock {
  let named = name;
  if (named === undefined) {
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    const segment = parsed?.pathname.split('/').filter(Boolean).pop();
    named = segment ? decodeURIComponent(segment) : (parsed?.hostname ?? url);
  }
  return { type: 'resource_link', uri: url, name: named || url, ...(mediaType ? { mimeType: mediaType } : {}) };
}

/** The bytes and media type of a `data:` URL (base64 or percent-encoded), or undefined for any other URL. */
function dataUrl(url: string): { mediaType: string | undefined; data: Uint8Array } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match) return undefined;
  const [, type, params = '', payload = ''] = match;
  const isBase64 = params.split(';').includes('base64');
  const data = isBase64 ? Buffer.from(payload, 'base64') : Buffer.from(percentDecoded(payload), 'utf8');
  return { mediaType: type || undefined, data };
}

/** Percent-encoded text decoded; text with a stray `%` as it is (a data URL's payload is often not encoded at all). */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
